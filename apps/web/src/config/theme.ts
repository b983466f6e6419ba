import { createTheme } from '@mui/material/styles';
import { PAGE_BACKGROUND } from '@ginhawa/contract';

const HEADING_FONT = '"Poppins", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const BODY_FONT = '"Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const heading = { fontFamily: HEADING_FONT, fontWeight: 600 } as const;

const PRIMARY = '#2f6f5e';
const TEXT_SECONDARY = '#5b6b66';

/** A keyboard user sees where they are: 2 px of the brand colour just outside what has focus (docs/decisions/0620). */
const FOCUS_RING = { '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 } };

/**
 * On a touch screen every button, icon button, toggle and button-link is at least 44 × 44 px, the
 * size Apple's and WCAG 2.5.5's guidance give a fingertip (docs/decisions/0624); a mouse keeps MUI's
 * compact sizes.
 */
const COARSE = '@media (pointer: coarse)';
const TOUCH_TARGET = { [COARSE]: { minHeight: 44, minWidth: 44 } };

/** Light theme: page background #f7f7f7, Inter for text, Poppins for headings and buttons (docs/product.md §1). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: PRIMARY, light: '#5fa68f', dark: '#1f4d41', contrastText: '#ffffff' },
    secondary: { main: '#b7794a', contrastText: '#ffffff' },
    // A filled toast is white on `main`: MUI's info (#0288d1, 3.9:1) and warning (#ed6c02, 3.1:1) fail
    // AA's 4.5:1 (axe: color-contrast, serious); these darker shades of the same hues pass.
    info: { main: '#0277bd' },
    warning: { main: '#b45309' },
    background: { default: PAGE_BACKGROUND, paper: '#ffffff' },
    text: { primary: '#1d2b27', secondary: TEXT_SECONDARY },
    divider: 'rgba(29, 43, 39, 0.1)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: BODY_FONT,
    h1: { ...heading, fontSize: '2.25rem' },
    h2: { ...heading, fontSize: '1.875rem' },
    h3: { ...heading, fontSize: '1.5rem' },
    h4: { ...heading, fontSize: '1.375rem' },
    h5: { ...heading, fontSize: '1.2rem' },
    h6: { ...heading, fontSize: '1.05rem' },
    subtitle1: { fontWeight: 500 },
    button: { fontFamily: HEADING_FONT, fontWeight: 500, textTransform: 'none', letterSpacing: 0.2 },
    overline: { fontFamily: HEADING_FONT, fontWeight: 600, letterSpacing: 1 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, ...FOCUS_RING, ...TOUCH_TARGET },
        sizeLarge: { paddingTop: 10, paddingBottom: 10 },
      },
    },
    MuiIconButton: { styleOverrides: { root: TOUCH_TARGET } },
    MuiToggleButton: { styleOverrides: { root: TOUCH_TARGET } },
    MuiButtonBase: { styleOverrides: { root: FOCUS_RING } },
    // A link that acts (component="button": the leaderboard's own total, a report's location) is a target too.
    MuiLink: { styleOverrides: { root: FOCUS_RING, button: TOUCH_TARGET } },
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY}`, outlineOffset: -2 } } },
    },
    // A small field or select (a list's filters, the leaderboard's Cutoff/Month/Year) is 40 px: on a
    // touch screen it grows to the same 44 px target, its text centred; the label of an empty field
    // moves down with it. A mouse keeps the compact size.
    MuiInputBase: { styleOverrides: { sizeSmall: { [COARSE]: { minHeight: 44 } } } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { '&.Mui-focused:has(:focus-visible)': { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 } },
      },
    },
    // Disabled helper text kept its meaning (the field's hint) but measured 2.67:1 in MUI's grey.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: TEXT_SECONDARY } } } },
    MuiInputLabel: {
      styleOverrides: {
        root: ({ ownerState }) => ({
          '&.Mui-disabled': { color: TEXT_SECONDARY },
          ...(ownerState.size === 'small' && ownerState.variant === 'outlined' && !ownerState.shrink
            ? { [COARSE]: { transform: 'translate(14px, 11px) scale(1)' } }
            : {}),
        }),
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid rgba(29, 43, 39, 0.08)',
          boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04), 0 4px 16px rgba(16, 24, 40, 0.04)',
        },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: { borderRadius: 10, '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY}`, outlineOffset: -2 } },
      },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
  },
});
