import Box from '@mui/material/Box';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInProviders } from './render';

/** Emotion's main sheet's style elements in <head> (`<Global>`'s come and go with each render). */
const mainSheetElements = () => [...document.head.querySelectorAll('style[data-emotion="css"]')];

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

  it('leaves no emptied style element in <head> for the next queries to walk (decision 1077)', () => {
    const before = mainSheetElements().length;
    renderInProviders(
      <>
        {Array.from({ length: 40 }, (_, i) => (
          <Box key={i} sx={{ color: `rgb(${i}, 7, 9)` }}>
            colour {i}
          </Box>
        ))}
      </>,
    );
    expect(screen.getByText('colour 39')).toBeVisible();
    // Forty new rules, none of them kept, and none of their elements: at most the sheet's first is
    // left without a rule (emotion places a <Global> before it).
    expect(mainSheetElements().length - before).toBeLessThanOrEqual(1);
    expect(mainSheetElements().filter((tag) => !tag.textContent).length).toBeLessThanOrEqual(1);
  });
});
