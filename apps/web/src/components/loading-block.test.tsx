import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBlock } from './loading-block';

describe('LoadingBlock', () => {
  it('is one progressbar, named (axe: aria-progressbar-name)', () => {
    render(<LoadingBlock label="Loading pay runs" />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAccessibleName('Loading pay runs');
  });
});
