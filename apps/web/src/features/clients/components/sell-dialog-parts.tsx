import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BankDirectoryEntry, ClientServices } from '@ginhawa/contract';
import type { BoundField } from '../../../components/form/use-entity-form';
import { bankLabel, hintUnlessEmpty, listedValue } from '../../../lib/options';
import { paymentMethodItems } from '../../../components/payment-method-items';
import { useClientServices } from '../api/get-client-activity';
import { useDayReport } from '../../../lib/day-report';
import { manilaNow } from './manila-now';
import { isBanked, referenceHint } from './walk-in-payment';
import { formatDate, formatPeso } from '../../../lib/format';
import type { SaleTotal } from './sale-total';

/** The total before "Sell": how it is made ("₱1,500.00 × 6 sessions − ₱500.00 discount") and the sum. */
export const TotalLine = ({ total, price, sessions }: { total: SaleTotal; price: string; sessions: number | null }) => (
  <Stack
    role="status"
    aria-label="Total"
    direction="row"
    sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
  >
    <Typography variant="body2" color="textSecondary">
      {formatPeso(price)}
      {sessions === null ? '' : ` × ${sessions} session${sessions === 1 ? '' : 's'}`}
      {total.ok && total.discount !== '0.00' ? ` − ${formatPeso(total.discount)} discount` : ''}
    </Typography>
    {total.ok ? (
      <Typography variant="h6" component="p">
        Total {formatPeso(total.net)}
      </Typography>
    ) : (
      <Typography variant="body2" color="error">
        {total.message}
      </Typography>
    )}
  </Stack>
);

type Held = ClientServices['memberships'][number] | ClientServices['vouchers'][number];

/** The client already holds the same thing, still active: said, not refused (a renewal or a gift is fine). */
export const HeldNotice = ({ held, client }: { held: Held; client: string }) => (
  <Alert severity="info">
    {'membership_name' in held
      ? `${client} already has an active ${held.membership_name} membership until ${formatDate(held.end_date)}.`
      : `${client} already has an active ${held.treatment_name} voucher (${held.code}) with ${held.sessions_remaining} session${held.sessions_remaining === 1 ? '' : 's'} left.`}{' '}
    You can still sell another.
  </Alert>
);

/**
 * The day's report is approved: the server would refuse the sale (409), so the desk is told first.
 * An approved day stays locked (decision 0521); the sale is not to be recorded at another branch.
 */
export const ClosedDayNotice = ({ location, date }: { location: string; date: string }) => (
  <Alert severity="warning">
    The daily report for {location} on {formatDate(date)} is approved, so that day&apos;s books are closed and take no
    more sales.
  </Alert>
);

type PaymentKey = 'payment_method' | 'bank' | 'discount' | 'reference_no';

/** How it was paid: the method, the bank a card or transfer went to, the discount and a reference. */
export const PaymentFields = ({
  bind,
  method,
  submitting,
  banks,
}: {
  bind: (field: PaymentKey, hint?: string) => BoundField;
  method: string;
  submitting: boolean;
  banks: readonly BankDirectoryEntry[] | undefined;
}) => {
  const banked = isBanked(method);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Payment" required {...bind('payment_method')}>
          {paymentMethodItems()}
        </TextField>
        <TextField
          select
          label="Bank"
          required={banked}
          {...listedValue(
            bind(
              'bank',
              banked ? banks && hintUnlessEmpty({ count: banks.length }, 'banks') : 'Only for card and bank transfer.',
            ),
            banks,
          )}
          disabled={submitting || !banked}
        >
          {(banks ?? []).map((b) => (
            <MenuItem key={b.id} value={String(b.id)}>
              {bankLabel(b)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Discount (₱)"
          {...bind('discount', 'Pesos off the catalogue price.')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Reference no."
          required={method === 'e_wallet'}
          {...bind('reference_no', referenceHint(method))}
        />
      </Stack>
    </>
  );
};

/**
 * What the dialog tells before "Sell": whether today's report at the chosen location is approved
 * (the day is closed), and what the client already holds of the chosen item.
 */
export const useSaleChecks = (
  kind: 'voucher' | 'membership',
  clientId: number,
  values: { item: string; location: string },
  locations: readonly { id: number; name: string }[],
) => {
  const services = useClientServices(clientId);
  const today = manilaNow(new Date()).today;
  const dayReport = useDayReport(values.location ? Number(values.location) : null, today);
  const approved = dayReport.data?.results[0]?.status === 'approved';
  const locationName = locations.find((l) => String(l.id) === values.location)?.name ?? 'this location';
  const held =
    kind === 'membership'
      ? services.data?.memberships.find((m) => String(m.membership) === values.item)
      : services.data?.vouchers.find((v) => String(v.treatment) === values.item && v.sessions_remaining > 0);
  return { today, approved, locationName, held };
};
