import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Printing shows only this area, on A4 (docs/decisions/0630): the shell (app bar, drawer, bottom
 * bar, toasts) takes no room and everything else is hidden, so a statement prints as a clean sheet
 * from the browser's own Print, whatever screen it sits in.
 */
const printRules = {
  '@page': { size: 'A4 portrait', margin: '12mm' },
  '@media print': {
    'header, nav, .MuiDrawer-root, .MuiSnackbar-root, [data-print="hide"]': { display: 'none !important' },
    'body *': { visibility: 'hidden' },
    '[data-print-area], [data-print-area] *': { visibility: 'visible' },
    '[data-print-area]': {
      position: 'absolute',
      top: 0,
      left: 0,
      width: '100%',
      margin: 0,
      padding: 0,
      boxShadow: 'none',
      border: 0,
      color: '#000',
      background: '#fff',
    },
    body: { background: '#fff' },
  },
} as const;

export const PrintArea = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <GlobalStyles styles={printRules} />
    <Box component="article" aria-label={label} data-print-area="">
      {children}
    </Box>
  </>
);
