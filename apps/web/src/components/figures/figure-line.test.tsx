import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withEveryStyleRule } from '../../test/hiding-styles-only';
import { FigureLine } from './figure-line';

// This file checks layout and weight, not only what is hidden.
withEveryStyleRule();

const styleOf = (text: string) => getComputedStyle(screen.getByText(text));

describe('FigureLine', () => {
  it('shows the label and its figure; by default the figure keeps to one line and the label wraps', () => {
    render(<FigureLine label="Card · BDO ••••5678 (ref. 42)" value="₱1,500.00" />);
    expect(styleOf('₱1,500.00').whiteSpace).toBe('nowrap');
    expect(styleOf('Card · BDO ••••5678 (ref. 42)').overflowWrap).toBe('anywhere');
    expect(styleOf('₱1,500.00').fontWeight).toBe('400');
  });

  it('lets a text value wrap instead, and the label keep its words', () => {
    render(<FigureLine label="Payment" value="Card · BDO ••••5678" wrap="value" />);
    expect(styleOf('Card · BDO ••••5678').whiteSpace).not.toBe('nowrap');
    expect(styleOf('Payment').overflowWrap).not.toBe('anywhere');
  });

  it('sets a total in bold, and its label too where asked', () => {
    render(
      <>
        <FigureLine label="Total" value="₱2,000.00" strong />
        <FigureLine label="To pay now" value="₱1,000.00" strong strongLabel />
      </>,
    );
    expect(styleOf('₱2,000.00').fontWeight).toBe('700');
    expect(styleOf('Total').fontWeight).not.toBe('700');
    expect(styleOf('₱1,000.00').fontWeight).toBe('700');
    expect(styleOf('To pay now').fontWeight).toBe('700');
  });
});
