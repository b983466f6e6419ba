import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { formatDate } from '../lib/format';

/** On paper only the receipt, on the whole sheet: the page behind its dialog and the dialog's buttons stay off the print. */
const printOnlyTheSheet = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '.receipt-sheet, .receipt-sheet *': { visibility: 'visible' },
        '.receipt-sheet': { position: 'fixed', inset: 0, padding: '12mm' },
      },
    }}
  />
);

/**
 * A receipt as a dialog shows and prints it (the sale's, the checkout's): under the business's
 * name and the branch, its reference and day, then its lines (`children`), then "Thank you!".
 */
export const ReceiptSheet = ({
  business,
  branch,
  reference,
  date,
  children,
}: {
  business: string;
  branch: string;
  reference: string;
  date: string;
  children: ReactNode;
}) => (
  <Box className="receipt-sheet" role="document" aria-label={`Receipt ${reference}`}>
    {printOnlyTheSheet}
    <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
      {business} · {branch}
    </Typography>
    <Typography variant="body2" color="textSecondary">
      Receipt {reference} · {formatDate(date)}
    </Typography>
    <Divider sx={{ my: 1.5 }} />
    {children}
    <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
      Thank you!
    </Typography>
  </Box>
);
