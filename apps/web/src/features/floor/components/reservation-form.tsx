import { useState } from 'react';
import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { InvoiceDialog } from '../../../components/invoice/invoice-dialog';
import { TerminalStep } from '../../../components/invoice/terminal-step';
import { useDialogTerminal } from '../../../lib/dialog-terminal';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  isBankedMethod,
  reservationBodySchema,
  type PaymentMethod,
  type InvoiceDocument,
  type ReservationBody,
  type ReservationCreated,
} from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate } from '../../../lib/format';
import { bankLabel, hintUnlessEmpty, listedValue, useBankOptions, useLocationOptions } from '../../../lib/options';
import { useRevalidateFloor } from '../api/get-board';
import { createReservation } from '../api/floor-actions';
import { useDepositCredits } from '../api/deposit-credits';
import { DepositCreditLine } from './deposit-credit-line';
import { TherapistSelect, TreatmentSelect, WhenFields } from './booking-fields';
import { EMPTY_SHOWN, displayTime, firstBookableSlot } from './floor-time';

const FIELDS = [
  'date',
  'time',
  'treatment',
  'therapist',
  'deposit.payment_method',
  'deposit.bank',
  'deposit.amount',
  'deposit.reference_no',
  'deposit_credit',
  'notes',
] as const;

/**
 * Deposits the desk takes for a booking: an e-wallet (GCash/Maya) or cash, and card or bank transfer
 * into one of the business's bank accounts (the banks the sale forms list); decision 0901.
 */
const DEPOSIT_METHODS = [
  { value: '', label: 'No deposit' },
  { value: 'e_wallet', label: 'GCash / Maya' },
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
] as const;

// The contract leaves `bank` optional; a card or transfer deposit names its account before sending, as the server would.
const bookingSchema = reservationBodySchema.refine(
  (b) => !b.deposit || !isBankedMethod(b.deposit.payment_method) || b.deposit.bank !== null,
  { path: ['deposit', 'bank'], message: 'Choose the bank account the deposit went to.' },
);

type Values = {
  date: string;
  time: string;
  treatment: string;
  therapist: string;
  deposit_method: string;
  bank: string;
  deposit_amount: string;
  reference_no: string;
  /** The credited reservation whose deposit this booking carries; '' for none. */
  deposit_credit: string;
  notes: string;
};
const DEPOSIT_KEYS: Record<string, string> = {
  deposit_method: 'deposit.payment_method',
  bank: 'deposit.bank',
  deposit_amount: 'deposit.amount',
  reference_no: 'deposit.reference_no',
};

const toBody = (v: Values, client: number, location: number, terminal: number | null): ReservationBody => ({
  client,
  location,
  date: v.date,
  time: v.time,
  treatment: v.treatment ? Number(v.treatment) : 0,
  therapist: v.therapist ? Number(v.therapist) : null,
  room: null,
  deposit_credit: v.deposit_credit ? Number(v.deposit_credit) : null,
  deposit:
    v.deposit_method && !v.deposit_credit
      ? {
          payment_method: v.deposit_method as PaymentMethod,
          bank: isBankedMethod(v.deposit_method) && v.bank ? Number(v.bank) : null,
          amount: v.deposit_amount.trim(),
          reference_no: v.deposit_method === 'cash' ? '' : v.reference_no.trim(),
        }
      : null,
  notes: v.notes,
  // With invoicing on, a new deposit's acknowledgement receipt comes from the desk's terminal (decision 1010).
  ...(terminal !== null && v.deposit_method && !v.deposit_credit ? { terminal } : {}),
});

type ReservationFormProps = {
  client: { id: number; full_name: string };
  location: number;
  date: string;
  /** The board's clock (ISO): on today the Time list starts at the next slot from it. */
  now: string;
  onClose: () => void;
};

/**
 * A booking: day and time on the 15-minute grid, treatment, a therapist or any, and a deposit. The
 * room is the server's pick (a free bed of a kind the treatment needs); a taken therapist or bed is
 * the server's 409 sentence, shown in the dialog.
 */
export const ReservationForm = ({ client, location, date, now, onClose }: ReservationFormProps) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const banks = useBankOptions();
  const credits = useDepositCredits(client.id, location);
  const credit = credits.data?.[0];
  const locations = useLocationOptions({ activeOnly: true });
  const opening = locations.data?.results.find((l) => l.id === location)?.opening_time ?? null;
  const sale = useDialogTerminal(location);
  const { terminal } = sale;
  const [acknowledged, setAcknowledged] = useState<InvoiceDocument | null>(null);
  const form = useEntityForm({
    initialValues: (): Values => ({
      date,
      time: '',
      treatment: '',
      therapist: '',
      deposit_method: '',
      bank: '',
      deposit_amount: '',
      reference_no: '',
      deposit_credit: '',
      notes: '',
    }),
    fields: FIELDS,
    errorKey: (field) => DEPOSIT_KEYS[field] ?? field,
    money: ['deposit_amount'],
    draft: `reservation:${location}:${client.id}`,
    parse: (v) => bookingSchema.safeParse(toBody(v, client.id, location, sale.on ? (terminal?.id ?? null) : null)),
    save: createReservation,
    onSaved: async (saved: ReservationCreated) => {
      showSnackbar(
        `Booked ${saved.client_name} at ${displayTime(saved.time)} on ${formatDate(saved.date)}.`,
        'success',
      );
      await revalidate();
      // The deposit's acknowledgement receipt, to print for the client.
      if (saved.document) setAcknowledged(saved.document);
      else onClose();
    },
  });
  const needsTerminal =
    sale.on && terminal === null && Boolean(form.values.deposit_method) && !form.values.deposit_credit;
  if (acknowledged) return <InvoiceDialog document={acknowledged} title="Booked" onClose={onClose} />;
  return (
    <FormDialog
      {...form.dialog}
      title={`Book ${client.full_name}`}
      submitLabel="Book"
      submitDisabled={needsTerminal}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ClosedDayAlert location={location} />
        <WhenFields
          date={form.bind('date')}
          time={form.bind('time')}
          from={firstBookableSlot(form.values.date, now, opening)}
        />
        <TreatmentSelect {...form.bind('treatment', 'Its duration sets the booking’s length.')} />
        <TherapistSelect
          location={location}
          field={form.bind('therapist', 'Any: the rotation gives one at arrival.')}
        />
        {credit ? (
          <DepositCreditLine
            credit={credit}
            used={form.values.deposit_credit === String(credit.reservation)}
            onUse={(used) => form.set('deposit_credit', used ? String(credit.reservation) : '')}
          />
        ) : null}
        {form.values.deposit_credit ? null : (
          <TextField select label="Deposit" slotProps={EMPTY_SHOWN} {...form.bind('deposit_method')}>
            {DEPOSIT_METHODS.map((m) => (
              <MenuItem key={m.value} value={m.value}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {form.values.deposit_method && !form.values.deposit_credit ? (
          <TextField label="Deposit amount (₱)" required inputMode="decimal" {...form.bind('deposit_amount')} />
        ) : null}
        {isBankedMethod(form.values.deposit_method) && !form.values.deposit_credit ? (
          <TextField
            select
            label="Bank"
            required
            {...listedValue(form.bind('bank', hintUnlessEmpty(banks.data, 'banks')), banks.data?.results)}
          >
            {(banks.data?.results ?? []).map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {bankLabel(b)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {form.values.deposit_method && form.values.deposit_method !== 'cash' && !form.values.deposit_credit ? (
          <TextField
            label="Reference no."
            required
            {...form.bind(
              'reference_no',
              form.values.deposit_method === 'e_wallet'
                ? 'The GCash or Maya reference.'
                : 'Card slip or transfer reference.',
            )}
          />
        ) : null}
        {needsTerminal ? <TerminalStep location={location} device={sale.device} onChosen={sale.choose} /> : null}
        <TextField label="Notes" multiline minRows={2} {...form.bind('notes')} />
      </Stack>
    </FormDialog>
  );
};
