import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PAYMENT_METHOD_LABELS, type BankDirectoryEntry, type Checkout } from '@ginhawa/contract';
import { FigureLine } from '../../../components/figures/figure-line';
import { ReceiptSheet } from '../../../components/receipt-sheet';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate, formatPeso } from '../../../lib/format';
import { useCompanyName } from '../../../lib/settings';

/** One line of the bill as the dialog named it; `amount` null with a note on a redeemed service. */
export type ReceiptLine = { label: string; amount: string | null; note: string | null };

type Payment = Checkout['payments'][number];

/**
 * "Cash", "GCash/Maya (ref. GC-501234)", "Card · BDO ••••5678": the bank as the server names it,
 * its masked number from the bank list the dialog read (a payment names its bank by id and name).
 */
export const paymentLabel = (p: Payment, banks: readonly BankDirectoryEntry[] | undefined): string => {
  const method = p.payment_method === 'e_wallet' ? 'GCash/Maya' : PAYMENT_METHOD_LABELS[p.payment_method];
  const masked = p.bank === null ? undefined : banks?.find((b) => b.id === p.bank)?.account_number_masked;
  const bank = p.bank_name ? ` · ${p.bank_name}${masked ? ` ${masked}` : ''}` : '';
  return `${method}${bank}${p.reference_no ? ` (ref. ${p.reference_no})` : ''}`;
};

/** The receipt as text to paste into a chat with the client (as the sale receipt's Copy). */
export const checkoutReceiptText = (
  c: Checkout,
  lines: readonly ReceiptLine[],
  change: string,
  banks: readonly BankDirectoryEntry[] | undefined,
  business: string,
): string =>
  [
    `${business} · ${c.location_name}`,
    `Receipt ${c.sale_key ?? `visit ${c.arrival}`} · ${formatDate(c.date)}`,
    `Client: ${c.client_name}`,
    ...lines.map((l) => `${l.label}: ${l.amount === null ? `${l.note ?? ''} — nothing to pay` : formatPeso(l.amount)}`),
    ...(Number(c.discount) > 0 ? [`Discount: −${formatPeso(c.discount)}`] : []),
    ...(Number(c.service_charge) > 0 ? [`Service charge: ${formatPeso(c.service_charge)}`] : []),
    `Total: ${formatPeso(c.total_due)}`,
    ...(Number(c.deposit_applied) > 0 ? [`Deposit paid earlier: −${formatPeso(c.deposit_applied)}`] : []),
    ...c.tips.map((t) => `Tip · ${t.employee_name}: ${formatPeso(t.amount)}`),
    ...c.payments.map((p) => `${paymentLabel(p, banks)}: ${formatPeso(p.amount)}`),
    ...(Number(change) > 0 ? [`Change: ${formatPeso(change)}`] : []),
    'Thank you!',
  ].join('\n');

/**
 * The receipt after checkout: the bill's lines, discount, service charge, the deposit applied, each
 * tip and each payment with its method and bank, and the change handed back. Figures are the
 * server's (what was stored); the line names are the dialog's.
 */
export const CheckoutReceiptDialog = ({
  checkout: c,
  lines,
  change,
  banks,
  onClose,
}: {
  checkout: Checkout;
  lines: readonly ReceiptLine[];
  change: string;
  banks: readonly BankDirectoryEntry[] | undefined;
  onClose: () => void;
}) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const business = useCompanyName();
  const reference = c.sale_key ?? `visit ${c.arrival}`;
  const { showSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(checkoutReceiptText(c, lines, change, banks, business));
      showSnackbar('Receipt copied; paste it into a message to the client.', 'success');
    } catch {
      showSnackbar('The receipt could not be copied; select the text and copy it.', 'error');
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="checkout-receipt-title"
    >
      <DialogTitle id="checkout-receipt-title" sx={{ displayPrint: 'none' }}>
        Checked out
      </DialogTitle>
      <DialogContent>
        <ReceiptSheet business={business} branch={c.location_name} reference={reference} date={c.date}>
          <FigureLine label="Client" value={c.client_name} />
          {lines.map((line) => (
            <FigureLine
              key={line.label}
              label={line.label}
              value={line.amount === null ? `${line.note ?? ''} — nothing to pay` : formatPeso(line.amount)}
            />
          ))}
          <Divider sx={{ my: 1.5 }} />
          <FigureLine label="Subtotal" value={formatPeso(c.subtotal)} />
          {Number(c.discount) > 0 ? <FigureLine label="Discount" value={`−${formatPeso(c.discount)}`} /> : null}
          {Number(c.service_charge) > 0 ? (
            <FigureLine label="Service charge" value={formatPeso(c.service_charge)} />
          ) : null}
          <FigureLine label="Total" value={formatPeso(c.total_due)} strong />
          {Number(c.deposit_applied) > 0 ? (
            <FigureLine label="Deposit paid earlier" value={`−${formatPeso(c.deposit_applied)}`} />
          ) : null}
          {c.tips.map((t) => (
            <FigureLine key={t.employee} label={`Tip · ${t.employee_name}`} value={formatPeso(t.amount)} />
          ))}
          <Divider sx={{ my: 1.5 }} />
          {c.payments.map((p, i) => (
            <FigureLine key={i} label={paymentLabel(p, banks)} value={formatPeso(p.amount)} />
          ))}
          {Number(change) > 0 ? <FigureLine label="Change" value={formatPeso(change)} /> : null}
        </ReceiptSheet>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, displayPrint: 'none', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copy()} sx={{ minHeight: 44 }}>
          Copy
        </Button>
        <Button variant="outlined" onClick={() => window.print()} sx={{ minHeight: 44 }}>
          Print
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
};
