import Box from '@mui/material/Box';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInProviders } from './render';

// The setup file keeps only the style rules that can hide something or stop a click
// (hiding-styles-only.ts); colours and layout are held back unless a file asks for every rule.
describe('style rules in the test document', () => {
  it('keeps display, visibility, opacity and pointer-events that hide, and holds back a colour', () => {
    renderInProviders(
      <>
        <Box sx={{ display: 'none' }}>gone</Box>
        <Box sx={{ visibility: 'hidden' }}>invisible</Box>
        <Box sx={{ pointerEvents: 'none' }}>untouchable</Box>
        <Box sx={{ color: 'rgb(1, 2, 3)', display: 'flex' }}>coloured</Box>
      </>,
    );
    expect(screen.queryByText('gone')).not.toBeVisible();
    expect(screen.getByText('invisible')).not.toBeVisible();
    expect(getComputedStyle(screen.getByText('untouchable')).pointerEvents).toBe('none');
    expect(screen.getByText('coloured')).toBeVisible();
    expect(getComputedStyle(screen.getByText('coloured')).color).not.toBe('rgb(1, 2, 3)');
    expect(getComputedStyle(screen.getByText('coloured')).display).not.toBe('flex');
  });
});
