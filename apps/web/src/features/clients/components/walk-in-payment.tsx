import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPeso,
  isBankedMethod,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type BankDirectoryEntry,
  type ClientArrivalBody,
  type Employee,
  type PaymentMethod,
} from '@ginhawa/contract';
import type { BoundField } from '../../../components/form/use-entity-form';
import { bankLabel, PAYMENT_CHOICE_LABELS, listedValue } from '../../../lib/options';
import { PAY_AT_DESK, type ArrivalOption } from './arrival-options';

/** A branch with one salesperson: that is who sold the walk-in; nobody has to pick them. */
export const useOnlySalesperson = (
  salespersons: readonly Employee[] | undefined,
  chosen: string,
  /** The form's `set` (stable), given the field. */
  set: (field: 'salesperson', value: string) => void,
) => {
  const onlyOne = salespersons?.length === 1 ? salespersons[0] : undefined;
  useEffect(() => {
    if (onlyOne && chosen === '') set('salesperson', String(onlyOne.id));
  }, [onlyOne, chosen, set]);
};

/** A card or bank transfer names its bank account (the contract's rule). */
export const isBanked = isBankedMethod;

/** The desk payment's form values (strings, as the fields hold them). */
export type WalkInPaymentValues = {
  salesperson: string;
  payment_method: string;
  bank: string;
  reference_no: string;
  discount: string;
  service_charge: string;
};

/** A desk payment not yet filled in: cash, everything else blank. */
export const WALK_IN_PAYMENT_START: WalkInPaymentValues = {
  salesperson: '',
  payment_method: 'cash',
  bank: '',
  reference_no: '',
  discount: '',
  service_charge: '',
};

/** The values as the arrival's `payment` (the arrival card and the floor board send the same). */
export const walkInPaymentBody = (v: WalkInPaymentValues): NonNullable<ClientArrivalBody['payment']> => ({
  salesperson: v.salesperson ? Number(v.salesperson) : 0,
  payment_method: v.payment_method as PaymentMethod,
  bank: isBanked(v.payment_method) && v.bank ? Number(v.bank) : null,
  reference_no: v.payment_method === 'cash' ? '' : v.reference_no,
  discount: v.discount.trim() || '0',
  service_charge: v.service_charge.trim() || '0',
});

/** What an arrival uses, as its body names it: the chosen voucher or membership, else the desk's payment. */
export const visitUseOf = (
  use: ArrivalOption,
  v: WalkInPaymentValues,
): Pick<ClientArrivalBody, 'voucher' | 'client_membership' | 'payment'> => ({
  voucher: use.voucher,
  client_membership: use.client_membership,
  payment: use === PAY_AT_DESK ? walkInPaymentBody(v) : null,
});

const cents = (amount: string): number | null => {
  const text = amount.trim() || '0';
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : null;
};

/**
 * What the client pays, for the desk to read out: the price less the discount, or null while the
 * discount is not an amount. Shown only; the server computes the stored net in SQL (decision 0411).
 */
export const walkInNet = (price: string | undefined, discount: string): string | null => {
  const p = price === undefined ? null : cents(price);
  const d = cents(discount);
  if (p === null || d === null) return null;
  return ((p - d) / 100).toFixed(2);
};

/** A reservation's deposit the visit uses up: paid before, so the desk collects only the rest (decision 0411). */
export type HeldDeposit = { amount: string; payment_method: string };

/**
 * What the desk still collects when a deposit was paid: the net less the deposit (never below 0),
 * as the server splits the sale lines; null while the discount is not an amount.
 */
export const balanceAfterDeposit = (net: string | null, deposit: HeldDeposit | undefined): string | null => {
  if (net === null || !deposit) return net;
  const rest = Math.round(Number(net) * 100) - (cents(deposit.amount) ?? 0);
  return (Math.max(rest, 0) / 100).toFixed(2);
};

/**
 * What a deposit holds beyond the visit's net price (after the discount): the visit cannot take it,
 * so the desk hands it back and the server records it on the reservation (decision 0411); null when
 * the deposit is all used, or while the discount is not an amount.
 */
export const depositHandedBack = (net: string | null, deposit: HeldDeposit | undefined): string | null => {
  if (net === null || !deposit) return null;
  const over = (cents(deposit.amount) ?? 0) - Math.max(Math.round(Number(net) * 100), 0);
  return over > 0 ? (over / 100).toFixed(2) : null;
};

/** The server refuses a GCash/Maya payment without its reference (the wallet's statement is matched by it alone). */
export const WALLET_REFERENCE_MESSAGE = 'Enter the e-wallet reference number.';
/** A card or transfer names the bank account it went to (the sale and the walk-in alike). */
export const BANK_MESSAGE = 'Choose the bank account the card or transfer payment goes to.';

/** What the reference is, for the method chosen: a wallet's is required, a card slip's or transfer's helps. */
export const referenceHint = (method: string) =>
  method === 'e_wallet' ? 'The GCash or Maya reference number.' : 'Card slip or transfer reference.';

/** Named as the reservation names it: e-wallet deposits are GCash or Maya (decision 0900). */
const depositLabel = (deposit: HeldDeposit) => {
  const method =
    deposit.payment_method === 'e_wallet'
      ? 'GCash/Maya'
      : (PAYMENT_METHOD_LABELS[deposit.payment_method as PaymentMethod] ?? deposit.payment_method);
  return `Deposit ${formatPeso(deposit.amount)} (${method})`;
};

type WalkInPaymentFieldsProps = {
  price: string | undefined;
  /** The reservation's deposit, when "Client arrived" logs a booked client's visit. */
  deposit?: HeldDeposit;
  salesperson: BoundField;
  salespersons: readonly Employee[];
  method: BoundField;
  bank: BoundField;
  banks: readonly BankDirectoryEntry[];
  reference: BoundField;
  discount: BoundField;
  /** Collected on top of the net (RA 11360), shared by the branch's staff in the pay run. */
  serviceCharge?: BoundField;
};

/** The walk-in's payment at the desk: who sold it, how it was paid, the price, a discount and the net, live. */
export const WalkInPaymentFields = ({
  price,
  salesperson,
  salespersons,
  method,
  bank,
  banks,
  reference,
  discount,
  serviceCharge,
  deposit,
}: WalkInPaymentFieldsProps) => {
  const visitNet = walkInNet(price, discount.value);
  const net = balanceAfterDeposit(visitNet, deposit);
  const handBack = depositHandedBack(visitNet, deposit);
  const charge = serviceCharge ? cents(serviceCharge.value) : 0;
  const collect = net === null || charge === null ? null : ((Math.round(Number(net) * 100) + charge) / 100).toFixed(2);
  const banked = isBanked(method.value);
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, px: 0 }}>
        Payment at the desk
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Payment" required {...method}>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_CHOICE_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Salesperson" required {...listedValue(salesperson, salespersons)}>
          {salespersons.map((e) => (
            <MenuItem key={e.id} value={String(e.id)}>
              {e.full_name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {method.value !== 'cash' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {banked ? (
            <TextField select label="Bank" required {...listedValue(bank, banks)}>
              {banks.map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {bankLabel(b)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            label="Reference no."
            required={method.value === 'e_wallet'}
            {...reference}
            helperText={reference.error ? reference.helperText : referenceHint(method.value)}
          />
        </Stack>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Price"
          value={price === undefined ? '' : formatPeso(price)}
          placeholder="Choose the treatment"
          helperText="The treatment's catalogue price."
          slotProps={{ input: { readOnly: true } }}
        />
        <TextField label="Discount (₱)" {...discount} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        {serviceCharge ? (
          <TextField
            label="Service charge (₱)"
            {...serviceCharge}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ) : null}
      </Stack>
      <Typography variant="h6" component="p" aria-live="polite">
        {deposit ? `${depositLabel(deposit)} — collect ` : 'Net to collect: '}
        {net === null ? '—' : formatPeso(net)}
        {charge ? ` + service charge = ${collect === null ? '—' : formatPeso(collect)}` : ''}
      </Typography>
      {handBack ? (
        <Alert severity="warning">
          Hand back {formatPeso(handBack)} of the deposit: it is more than the visit’s net price. The reservation
          records it as handed back.
        </Alert>
      ) : null}
    </Stack>
  );
};
