import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * On paper only the element of class `className` (a receipt in its dialog), on the whole sheet:
 * the page behind the dialog and the dialog's buttons stay off the print.
 */
export const PrintOnly = ({ className }: { className: string }) => (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`.${className}, .${className} *`]: { visibility: 'visible' },
        [`.${className}`]: { position: 'fixed', inset: 0, padding: '12mm' },
      },
    }}
  />
);
