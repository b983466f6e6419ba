import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reservationBodySchema, type Reservation, type ReservationBody } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateFloor } from '../api/get-board';
import { createReservation } from '../api/floor-actions';
import { TherapistSelect, TreatmentSelect, WhenFields } from './booking-fields';
import { EMPTY_SHOWN, displayTime } from './floor-time';

const FIELDS = [
  'date',
  'time',
  'treatment',
  'therapist',
  'deposit.payment_method',
  'deposit.amount',
  'deposit.reference_no',
  'notes',
] as const;

/** Deposits the desk takes for a booking: cash or an e-wallet (GCash/Maya, with its reference); decision 0901. */
const DEPOSIT_METHODS = [
  { value: '', label: 'No deposit' },
  { value: 'e_wallet', label: 'GCash / Maya' },
  { value: 'cash', label: 'Cash' },
] as const;

type Values = {
  date: string;
  time: string;
  treatment: string;
  therapist: string;
  deposit_method: string;
  deposit_amount: string;
  reference_no: string;
  notes: string;
};
const DEPOSIT_KEYS: Record<string, string> = {
  deposit_method: 'deposit.payment_method',
  deposit_amount: 'deposit.amount',
  reference_no: 'deposit.reference_no',
};

const toBody = (v: Values, client: number, location: number): ReservationBody => ({
  client,
  location,
  date: v.date,
  time: v.time,
  treatment: v.treatment ? Number(v.treatment) : 0,
  therapist: v.therapist ? Number(v.therapist) : null,
  room: null,
  deposit: v.deposit_method
    ? {
        payment_method: v.deposit_method as 'cash' | 'e_wallet',
        bank: null,
        amount: v.deposit_amount.trim(),
        reference_no: v.deposit_method === 'cash' ? '' : v.reference_no.trim(),
      }
    : null,
  notes: v.notes,
});

type ReservationFormProps = {
  client: { id: number; full_name: string };
  location: number;
  date: string;
  onClose: () => void;
};

/**
 * A booking: day and time on the 15-minute grid, treatment, a therapist or any, and a deposit. The
 * room is the server's pick (a free bed of a kind the treatment needs); a taken therapist or bed is
 * the server's 409 sentence, shown in the dialog.
 */
export const ReservationForm = ({ client, location, date, onClose }: ReservationFormProps) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: (): Values => ({
      date,
      time: '',
      treatment: '',
      therapist: '',
      deposit_method: '',
      deposit_amount: '',
      reference_no: '',
      notes: '',
    }),
    fields: FIELDS,
    errorKey: (field) => DEPOSIT_KEYS[field] ?? field,
    money: ['deposit_amount'],
    parse: (v) => reservationBodySchema.safeParse(toBody(v, client.id, location)),
    save: createReservation,
    onSaved: async (saved: Reservation) => {
      showSnackbar(`Booked ${saved.client_name} at ${displayTime(saved.time)} on ${saved.date}.`, 'success');
      await revalidate();
      onClose();
    },
  });
  return (
    <FormDialog {...form.dialog} title={`Book ${client.full_name}`} submitLabel="Book" onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <WhenFields date={form.bind('date')} time={form.bind('time')} />
        <TreatmentSelect {...form.bind('treatment', 'Its duration sets the booking’s length.')} />
        <TherapistSelect
          location={location}
          field={form.bind('therapist', 'Any: the rotation gives one at arrival.')}
        />
        <TextField select label="Deposit" slotProps={EMPTY_SHOWN} {...form.bind('deposit_method')}>
          {DEPOSIT_METHODS.map((m) => (
            <MenuItem key={m.value} value={m.value}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
        {form.values.deposit_method ? (
          <TextField label="Deposit amount (₱)" required inputMode="decimal" {...form.bind('deposit_amount')} />
        ) : null}
        {form.values.deposit_method === 'e_wallet' ? (
          <TextField label="Reference no." required {...form.bind('reference_no', 'The GCash or Maya reference.')} />
        ) : null}
        <TextField label="Notes" multiline minRows={2} {...form.bind('notes')} />
      </Stack>
    </FormDialog>
  );
};
