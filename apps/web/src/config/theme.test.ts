import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme (docs/product.md §1)', () => {
  it('is light, on a #f7f7f7 page', () => {
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.background.default).toBe('#f7f7f7');
  });

  it('uses one family for body text, one for headings and one for buttons', () => {
    const first = (family: string | undefined) => family?.split(',')[0]?.replace(/"/g, '').trim();
    expect(first(theme.typography.fontFamily)).toBe('Inter');
    for (const variant of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const)
      expect(first(theme.typography[variant].fontFamily)).toBe('Poppins');
    expect(first(theme.typography.button.fontFamily)).toBe('Poppins');
  });

  it('rings what has keyboard focus in 2 px of the brand colour and keeps disabled hints readable', () => {
    const ring = { outline: '2px solid #2f6f5e', outlineOffset: 2 };
    expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toEqual({
      '&.Mui-focusVisible, &:focus-visible': ring,
    });
    expect(theme.components?.MuiFormHelperText?.styleOverrides?.root).toEqual({
      '&.Mui-disabled': { color: theme.palette.text.secondary },
    });
  });

  it('writes a filled toast of every severity at AA contrast (4.5:1), white on the colour', () => {
    for (const severity of ['success', 'info', 'warning', 'error'] as const) {
      const { main, contrastText } = theme.palette[severity];
      expect(getContrastRatio(contrastText, main), severity).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives every button, icon button, toggle and button-link a 44 px target on a touch screen, and only there', () => {
    const touch = { '@media (pointer: coarse)': { minHeight: 44, minWidth: 44 } };
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject(touch);
    expect(theme.components?.MuiIconButton?.styleOverrides?.root).toEqual(touch);
    expect(theme.components?.MuiToggleButton?.styleOverrides?.root).toEqual(touch);
    expect(theme.components?.MuiLink?.styleOverrides?.button).toEqual(touch);
  });

  it("grows a small field or select (the leaderboard's Cutoff) to 44 px on a touch screen, its empty label centred", () => {
    expect(theme.components?.MuiInputBase?.styleOverrides?.sizeSmall).toEqual({
      '@media (pointer: coarse)': { minHeight: 44 },
    });
    const label = theme.components?.MuiInputLabel?.styleOverrides?.root;
    if (typeof label !== 'function') throw new Error('The label override depends on the field.');
    const styles = (ownerState: Record<string, unknown>) =>
      label({ ownerState: { variant: 'outlined', ...ownerState }, theme } as Parameters<typeof label>[0]);
    expect(styles({ size: 'small', shrink: false })).toMatchObject({
      '@media (pointer: coarse)': { transform: 'translate(14px, 11px) scale(1)' },
    });
    // A shrunk label sits on the border and a medium field is 56 px already: both as MUI places them.
    expect(styles({ size: 'small', shrink: true })).not.toHaveProperty(['@media (pointer: coarse)']);
    expect(styles({ size: 'medium', shrink: false })).not.toHaveProperty(['@media (pointer: coarse)']);
    expect(styles({ size: 'small', shrink: false })).toMatchObject({
      '&.Mui-disabled': { color: theme.palette.text.secondary },
    });
  });
});
