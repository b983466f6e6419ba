import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  type BankDirectoryEntry,
  type ClientMembershipSale,
  type ClientTreatmentSale,
  PAYMENT_METHOD_LABELS,
} from '@ginhawa/contract';
import { FigureLine } from '../../../components/figures/figure-line';
import { ReceiptSheet } from '../../../components/receipt-sheet';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate, formatPeso } from '../../../lib/format';
import { useCompanyName } from '../../../lib/settings';
import { useBackCloses } from '../../../components/form/back-closes';

export type Receipt = {
  reference: string;
  date: string;
  client: string;
  /** What was bought, one line each: "Hilot voucher V-000055: 6 sessions, 6 left". */
  items: string[];
  amount: string;
  discount: string;
  net: string;
  payment: string;
  soldBy: string;
  branch: string;
};

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/**
 * The bank accounts the sale dialog loaded for its Bank field. The sale the server sends back
 * names its bank by id only, so the receipt names it from these: "Card · BDO Unibank ••••5678".
 */
export type ReceiptBanks = readonly BankDirectoryEntry[] | undefined;

const paidWith = (sale: ClientTreatmentSale['sale'], banks: ReceiptBanks) => {
  const bank = sale.bank === null ? undefined : banks?.find((b) => b.id === sale.bank);
  return [
    PAYMENT_METHOD_LABELS[sale.payment_method],
    bank ? ` · ${bank.name} ${bank.account_number_masked}` : '',
    sale.reference_no ? ` (ref. ${sale.reference_no})` : '',
  ].join('');
};

/** What a receipt says of the payment and who sold it, the same for a voucher and a membership. */
const paidFields = (sold: ClientTreatmentSale | ClientMembershipSale, banks: ReceiptBanks) => ({
  amount: sold.sale.amount,
  discount: sold.sale.discount,
  net: sold.sale.net_amount,
  payment: paidWith(sold.sale, banks),
  soldBy: sold.salesperson_name,
  branch: sold.location_name,
});

export const voucherReceipt = (sold: ClientTreatmentSale, client: string, banks?: ReceiptBanks): Receipt => ({
  reference: sold.code,
  date: sold.sale.date,
  client,
  items: [
    `${sold.treatment_name} voucher ${sold.code}: ${sessions(sold.sessions_total)}, ${sold.sessions_remaining} left${
      sold.expires_on ? `, valid until ${formatDate(sold.expires_on)}` : ''
    }`,
  ],
  ...paidFields(sold, banks),
});

export const membershipReceipt = (sold: ClientMembershipSale, client: string, banks?: ReceiptBanks): Receipt => ({
  reference: sold.sale.reference,
  date: sold.sale.date,
  client,
  items: [
    `${sold.membership_name} membership: ${formatDate(sold.start_date)} to ${formatDate(sold.end_date)}`,
    ...sold.vouchers.map(
      (v) =>
        `${v.treatment_name} voucher ${v.code}: ${sessions(v.sessions_total)}, ${v.sessions_total - v.sessions_used} left`,
    ),
  ],
  ...paidFields(sold, banks),
});

/** The receipt as text to copy into a chat or an e-mail (en-PH, pesos, the date in words), under the business's name. */
export const receiptText = (r: Receipt, business: string): string =>
  [
    `${business} · ${r.branch}`,
    `Receipt ${r.reference} · ${formatDate(r.date)}`,
    `Client: ${r.client}`,
    ...r.items,
    `Price: ${formatPeso(r.amount)}`,
    ...(Number(r.discount) > 0 ? [`Discount: ${formatPeso(r.discount)}`] : []),
    `Total paid: ${formatPeso(r.net)} by ${r.payment}`,
    `Sold by: ${r.soldBy}`,
    'Thank you!',
  ].join('\n');

/**
 * What the desk hands over after a sale: printed (window.print with the print styles above) or
 * copied as text, or shared where the phone offers it.
 */
export const SaleReceiptDialog = ({ receipt: r, onClose }: { receipt: Receipt; onClose: () => void }) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { showSnackbar } = useSnackbar();
  // The client's receipt carries the business's name (Settings), not the software's.
  const business = useCompanyName();
  const text = receiptText(r, business);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showSnackbar('Receipt copied; paste it into a message to the client.', 'success');
    } catch {
      showSnackbar('The receipt could not be copied; select the text and copy it.', 'error');
    }
  };
  const canShare = typeof navigator.share === 'function';
  useBackCloses(true, onClose);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="receipt-title">
      <DialogTitle id="receipt-title" sx={{ displayPrint: 'none' }}>
        Sale recorded
      </DialogTitle>
      <DialogContent>
        <ReceiptSheet business={business} branch={r.branch} reference={r.reference} date={r.date}>
          <FigureLine label="Client" value={r.client} wrap="value" />
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {r.items.map((item) => (
              <Typography component="li" variant="body2" key={item}>
                {item}
              </Typography>
            ))}
          </Box>
          <Divider sx={{ my: 1.5 }} />
          <FigureLine label="Price" value={formatPeso(r.amount)} />
          {Number(r.discount) > 0 ? <FigureLine label="Discount" value={`−${formatPeso(r.discount)}`} /> : null}
          <FigureLine label="Total paid" value={formatPeso(r.net)} strong />
          <FigureLine label="Payment" value={r.payment} wrap="value" />
          <FigureLine label="Sold by" value={r.soldBy} wrap="value" />
        </ReceiptSheet>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, displayPrint: 'none', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copy()}>Copy</Button>
        {canShare ? (
          <Button
            onClick={() => void navigator.share({ title: `Receipt ${r.reference}`, text }).catch(() => undefined)}
          >
            Share
          </Button>
        ) : null}
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
};
