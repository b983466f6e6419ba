import { useState } from 'react';
import type { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANKED_PAYMENT_METHODS,
  clientMembershipBodySchema,
  clientTreatmentBodySchema,
  formatPeso,
  PAYMENT_METHODS,
  type Client,
  type PaymentMethod,
} from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm, type ParseResult } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate } from '../../../lib/format';
import {
  listedValue,
  useBankOptions,
  useEmployeeOptions,
  useLocationOptions,
  useMembershipOptions,
  useTreatmentOptions,
} from '../../../lib/options';
import { useRevalidateClients } from '../api/get-clients';
import { sellMembership, sellVoucher } from '../api/sell';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { LocationStaffFields } from './location-staff-fields';

export type SaleKind = 'voucher' | 'membership';

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  e_wallet: 'E-wallet (GCash, Maya)',
  bank_transfer: 'Bank transfer',
};

const BANK_MESSAGE = 'Choose the bank account the card or transfer payment goes to.';
const isBanked = (method: string) => (BANKED_PAYMENT_METHODS as readonly string[]).includes(method);

const FIELDS = [
  'treatment',
  'membership',
  'sessions',
  'location',
  'salesperson',
  'payment_method',
  'bank',
  'discount',
  'reference_no',
] as const;

type Values = {
  item: string;
  sessions: string;
  location: string;
  salesperson: string;
  payment_method: string;
  bank: string;
  discount: string;
  reference_no: string;
};

const payment = (v: Values) => ({
  location: v.location ? Number(v.location) : 0,
  salesperson: v.salesperson ? Number(v.salesperson) : 0,
  payment_method: v.payment_method as PaymentMethod,
  bank: v.bank ? Number(v.bank) : null,
  reference_no: v.reference_no,
  discount: v.discount.trim() || '0',
});

// The contract leaves `bank` optional for every method; the desk is told before sending, as the server would.
const voucherSchema = clientTreatmentBodySchema.refine((b) => !isBanked(b.payment_method) || b.bank !== null, {
  path: ['bank'],
  message: BANK_MESSAGE,
});
const membershipSchema = clientMembershipBodySchema.refine((b) => !isBanked(b.payment_method) || b.bank !== null, {
  path: ['bank'],
  message: BANK_MESSAGE,
});

type SaleBody = z.output<typeof voucherSchema> | z.output<typeof membershipSchema>;

type SellDialogProps = { kind: SaleKind; client: Client; onClose: () => void };

/**
 * Sell a voucher (a treatment's sessions) or a membership. The price is the catalogue's, less a
 * discount; the server computes the amounts. One Idempotency-Key per opening of the dialog, so a
 * double click or a retry after a lost answer stores one sale.
 */
export const SellDialog = ({ kind, client, onClose }: SellDialogProps) => {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const locations = useLocationOptions({ activeOnly: true });
  const treatments = useTreatmentOptions();
  const memberships = useMembershipOptions();
  const banks = useBankOptions();
  const itemField = kind === 'voucher' ? 'treatment' : 'membership';

  const form = useEntityForm({
    initialValues: (): Values => ({
      item: '',
      sessions: '1',
      location: String(client.location),
      salesperson: '',
      payment_method: 'cash',
      bank: '',
      discount: '',
      reference_no: '',
    }),
    fields: FIELDS,
    errorKey: (field) => (field === 'item' ? itemField : field),
    parse: (v): ParseResult<SaleBody> =>
      kind === 'voucher'
        ? voucherSchema.safeParse({
            client: client.id,
            treatment: v.item ? Number(v.item) : 0,
            sessions: Number(v.sessions),
            ...payment(v),
          })
        : membershipSchema.safeParse({ client: client.id, membership: v.item ? Number(v.item) : 0, ...payment(v) }),
    save: async (data) => {
      if ('treatment' in data) {
        const sold = await sellVoucher(data, idempotencyKey);
        return `Voucher ${sold.code} sold: ${sold.sessions_total} × ${sold.treatment_name}, ${formatPeso(sold.sale.net_amount)}.`;
      }
      const sold = await sellMembership(data, idempotencyKey);
      return `${sold.membership_name} membership sold until ${formatDate(sold.end_date)}, ${formatPeso(sold.sale.net_amount)}.`;
    },
    onSaved: async (message) => {
      await revalidate();
      showSnackbar(message, 'success');
      onClose();
    },
    derive: (next, field) =>
      field === 'location'
        ? { ...next, salesperson: '' }
        : field === 'payment_method' && !isBanked(next.payment_method)
          ? { ...next, bank: '' }
          : next,
  });
  const salespersons = useEmployeeOptions('salesperson', form.values.location ? Number(form.values.location) : null);
  const price =
    kind === 'voucher'
      ? treatments.data?.results.find((t) => String(t.id) === form.values.item)?.price
      : memberships.data?.results.find((m) => String(m.id) === form.values.item)?.price;

  const items = kind === 'voucher' ? treatments.data?.results : memberships.data?.results;
  return (
    <FormDialog
      {...form.dialog}
      title={`${kind === 'voucher' ? 'Sell voucher' : 'Sell membership'} · ${client.full_name}`}
      submitLabel="Sell"
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={kind === 'voucher' ? 'Treatment' : 'Membership'}
          required
          {...listedValue(form.bind('item'), items)}
        >
          {(items ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.name} · {formatPeso(row.price)}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'voucher' ? (
          <TextField
            label="Sessions"
            type="number"
            required
            {...form.bind('sessions')}
            slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
            sx={{ maxWidth: { sm: 140 } }}
          />
        ) : null}
      </Stack>
      {price ? (
        <Typography variant="body2" color="text.secondary">
          Catalogue price {formatPeso(price)}
          {kind === 'voucher' && Number(form.values.sessions) > 1 ? ` a session × ${form.values.sessions}` : ''}; the
          total is computed when the sale is stored.
        </Typography>
      ) : null}
      <LocationStaffFields
        location={form.bind('location')}
        locations={locations.data?.results ?? []}
        staffLabel="Salesperson"
        staff={form.bind(
          'salesperson',
          salespersons.data?.count === 0 ? 'No active salesperson works here.' : undefined,
        )}
        people={salespersons.data?.results ?? []}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Payment" required {...form.bind('payment_method')}>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Bank"
          required={isBanked(form.values.payment_method)}
          {...listedValue(
            form.bind('bank', isBanked(form.values.payment_method) ? undefined : 'Only for card and bank transfer.'),
            banks.data?.results,
          )}
          disabled={form.submitting || !isBanked(form.values.payment_method)}
        >
          {(banks.data?.results ?? []).map((b) => (
            <MenuItem key={b.id} value={String(b.id)}>
              {b.name} · {b.account_number}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Discount (₱)"
          {...form.bind('discount', 'Pesos off the catalogue price.')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField label="Reference no." {...form.bind('reference_no', 'Card slip or transfer reference.')} />
      </Stack>
    </FormDialog>
  );
};
