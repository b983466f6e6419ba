import { useEffect, useRef, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  clientArrivalBodySchema,
  formatPeso,
  PAYMENT_METHOD_LABELS,
  TIME_SLOT_MINUTES,
  toHHmm,
  type ClientArrival,
  type Client,
  type ClientArrivalBody,
  type ClientServices,
} from '@ginhawa/contract';
import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { TimeSlotSelect } from '../../../components/time-slot-select';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { formatDate } from '../../../lib/format';
import {
  hintUnlessEmpty,
  useBankOptions,
  useEmployeeOptions,
  useLocationOptions,
  useTreatmentOptions,
} from '../../../lib/options';
import { useClientServices } from '../api/get-client-activity';
import { useFloorLine } from '../api/get-floor-line';
import { useMyReceptionist } from '../api/get-sale-context';
import { useRevalidateClients } from '../api/get-clients';
import { logArrival } from '../api/sell';
import {
  arrivalOptions,
  defaultOption,
  optionFor,
  PAY_AT_DESK,
  replacementFor,
  voucherTreatments,
  type ArrivalOption,
} from './arrival-options';
import { ownLocation, servableLocations, type DeskUser } from './desk-user';
import {
  isBanked,
  useOnlySalesperson,
  visitUseOf,
  WALK_IN_PAYMENT_START,
  WALLET_REFERENCE_MESSAGE,
  WalkInPaymentFields,
  type WalkInPaymentValues,
} from './walk-in-payment';
import { manilaNow } from './manila-now';
import { LocationStaffFields } from './location-staff-fields';
import { UseField } from './arrival-use-field';
import { TandemFields } from './tandem-fields';
import { TreatmentSelect } from './treatment-select';
import { ReceptionistSelect, useDeskReceptionist } from './desk-receptionist';
import { shiftHint, shiftRefusal, therapistChoices } from './therapist-shift';

const FIELDS = [
  'location',
  'treatment',
  'time',
  'therapist',
  'second_therapist',
  'requested',
  'receptionist',
  'voucher',
  'client_membership',
  'notes',
  'payment.salesperson',
  'payment.payment_method',
  'payment.bank',
  'payment.reference_no',
  'payment.discount',
  'payment.service_charge',
] as const;

type Values = WalkInPaymentValues & {
  location: string;
  treatment: string;
  time: string;
  therapist: string;
  second_therapist: string;
  requested: boolean;
  receptionist: string;
  use: string;
  notes: string;
};
const PAYMENT_VALUES = new Set(['salesperson', 'payment_method', 'bank', 'reference_no', 'discount', 'service_charge']);
/** The payment's values carry their messages under `payment.<field>`, as the contract and the server name them. */
const errorKey = (field: string) => (PAYMENT_VALUES.has(field) ? `payment.${field}` : field);

// The contract leaves `bank` optional for every method; the desk is told before sending, as the server would.
const arrivalSchema = clientArrivalBodySchema
  .refine((b) => !b.payment || !isBanked(b.payment.payment_method) || b.payment.bank !== null, {
    path: ['payment', 'bank'],
    message: 'Choose the bank account the card or transfer payment goes to.',
  })
  .refine((b) => b.payment?.payment_method !== 'e_wallet' || b.payment.reference_no.trim() !== '', {
    path: ['payment', 'reference_no'],
    message: WALLET_REFERENCE_MESSAGE,
  });

type ArrivalDialogProps = {
  client: Client;
  onClose: () => void;
  now?: Date;
  /** The signed-in person: the visit is filed at their own location by default, and only there unless they are an Admin. */
  desk?: DeskUser;
  /**
   * Opened from the one visit-now dialog's "Log a visit that began earlier" (decision 0914): the time
   * starts at the slot before now's, a record of a visit already under way or over.
   */
  earlier?: boolean;
};

/** What the toast says was recorded: the voucher session used, or the walk-in's net and method. */
const savedMessage = (arrival: ClientArrival) => {
  if (arrival.voucher_code) return `Arrival logged; one session of ${arrival.voucher_code} used.`;
  if (arrival.sale)
    return `Arrival logged and ${formatPeso(arrival.sale.net_amount)} ${arrival.sale.payment_method === 'e_wallet' ? PAYMENT_METHOD_LABELS.e_wallet : PAYMENT_METHOD_LABELS[arrival.sale.payment_method].toLowerCase()} recorded for ${arrival.client_name}.`;
  return `Arrival logged for ${arrival.therapist_name}.`;
};

/**
 * The arrival card: treatment and time (on the 15-minute grid, now by default) and, for that
 * treatment, what the client may use (voucher sessions, membership sessions, member discount)
 * with the reason beside each thing they may not; a blocked choice cannot be picked or sent.
 */
export const ArrivalDialog = ({ client, onClose, now, desk, earlier = false }: ArrivalDialogProps) => {
  // One key per opening: a double click or a retry after a lost answer stores one arrival and one sale.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const services = useClientServices(client.id);
  if (services.error) {
    return (
      <FormDialog
        open
        title="Log arrival"
        submitLabel="Log arrival"
        submitting={false}
        onSubmit={() => undefined}
        onClose={onClose}
      >
        <LoadError
          title="What this client may use could not be loaded"
          error={services.error}
          onRetry={() => void services.mutate()}
        />
      </FormDialog>
    );
  }
  if (!services.data) {
    return (
      <FormDialog
        open
        title="Log arrival"
        submitLabel="Log arrival"
        submitting
        onSubmit={() => undefined}
        onClose={onClose}
      >
        <Stack spacing={1} aria-busy="true" aria-label="Loading what the client may use">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      </FormDialog>
    );
  }
  return (
    <ArrivalForm
      client={client}
      services={services.data}
      onClose={onClose}
      now={now ?? new Date()}
      desk={desk}
      earlier={earlier}
      idempotencyKey={idempotencyKey}
      onRefused={() => void services.mutate()}
    />
  );
};

/**
 * The form's strings as the API's body. A visit on nothing (no voucher, no membership) logged for an
 * earlier time is a record of a visit paid at the desk; one for now (`slot` or later) sends no payment:
 * it opens a tab, paid at checkout after the service (decision 0910).
 */
const toBody = (v: Values, use: ArrivalOption, client: number, today: string, slot: string): ClientArrivalBody => ({
  client,
  location: Number(v.location),
  date: today,
  time: v.time,
  therapist: v.therapist ? Number(v.therapist) : 0,
  second_therapist: v.second_therapist ? Number(v.second_therapist) : null,
  requested: v.requested,
  receptionist: v.receptionist ? Number(v.receptionist) : null,
  treatment: v.treatment ? Number(v.treatment) : 0,
  notes: v.notes,
  ...visitUseOf(use, v),
  ...(v.time >= slot ? { payment: null } : {}),
});

/** The 15-minute slot before `slot` ("10:45" → "10:30"); midnight's has none before it today. */
const previousSlot = (slot: string) => {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  return toHHmm(Math.max(0, h * 60 + m - TIME_SLOT_MINUTES));
};

type ArrivalFormSetup = {
  client: Client;
  desk: DeskUser | undefined;
  today: string;
  slot: string;
  /** The time the form opens on: now's slot, or the one before it for a visit that began earlier. */
  start: string;
  optionsFor: (treatment: string) => ReturnType<typeof arrivalOptions>;
  idempotencyKey: string;
  onRefused: () => void;
  onClose: () => void;
};
/** Why the chosen therapists cannot serve now, read from the branch's board at the send. */
type OffShift = (v: Values) => { field: 'therapist' | 'second_therapist'; message: string } | undefined;

/** The arrival card's form: its start, the body it sends, and what a changed field changes. */
const useArrivalForm = (
  { client, desk, today, slot, start, optionsFor, idempotencyKey, onRefused, onClose }: ArrivalFormSetup,
  offShift: OffShift,
) => {
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  return useEntityForm({
    initialValues: (): Values => ({
      location: String(ownLocation(desk, client.location)),
      treatment: '',
      time: start,
      therapist: '',
      second_therapist: '',
      requested: false,
      receptionist: '',
      use: PAY_AT_DESK.value,
      notes: '',
      ...WALK_IN_PAYMENT_START,
    }),
    fields: FIELDS,
    errorKey,
    parse: (v) => {
      const refused = offShift(v);
      return arrivalSchema
        .refine(() => !refused, { path: [refused?.field ?? 'therapist'], message: refused?.message })
        .safeParse(toBody(v, optionFor(optionsFor(v.treatment), v.use), client.id, today, slot));
    },
    save: async (data) => {
      try {
        return await logArrival(data, idempotencyKey);
      } catch (error) {
        if (data.voucher !== null || data.client_membership !== null) onRefused();
        throw error;
      }
    },
    onSaved: async (arrival) => {
      await revalidate();
      showSnackbar(savedMessage(arrival), 'success');
      onClose();
    },
    // A new treatment changes what may be used: pick the best allowed choice for it again.
    derive: (next, field) => {
      if (field === 'treatment') return { ...next, use: defaultOption(optionsFor(next.treatment)).value };
      if (field === 'location')
        return { ...next, therapist: '', second_therapist: '', salesperson: '', receptionist: '' };
      // A tandem is two different therapists: choosing the second one as the first clears the second.
      if (field === 'therapist' && next.second_therapist === next.therapist) return { ...next, second_therapist: '' };
      return next;
    },
  });
};

const ArrivalForm = ({
  client,
  services,
  onClose,
  now,
  desk,
  earlier,
  idempotencyKey,
  onRefused,
}: {
  client: Client;
  services: ClientServices;
  onClose: () => void;
  now: Date;
  desk: DeskUser | undefined;
  earlier: boolean;
  /** A voucher or membership refused (used up meanwhile at another desk): what the client holds is read again. */
  onRefused: () => void;
  idempotencyKey: string;
}) => {
  const [{ today, slot }] = useState(() => manilaNow(now));
  const locations = useLocationOptions({ activeOnly: true });
  const treatments = useTreatmentOptions();
  const banks = useBankOptions();
  const optionsFor = (treatment: string) => arrivalOptions(services, treatment ? Number(treatment) : null, today);

  const offShift = useRef<OffShift>(() => undefined);
  const start = earlier ? previousSlot(slot) : slot;
  const setup = { client, desk, today, slot, start, optionsFor, idempotencyKey, onRefused, onClose };
  const form = useArrivalForm(setup, (v) => offShift.current(v));
  const location = form.values.location ? Number(form.values.location) : null;
  const therapists = useEmployeeOptions('therapist', location);
  const board = useFloorLine(location);
  const receptionists = useEmployeeOptions('receptionist', location);
  const mine = useMyReceptionist(desk?.id ?? 0, desk !== undefined);
  useDeskReceptionist(mine.data, form.values.location, form.set);
  // A visit now is served by someone on the floor now; one logged for an earlier time may name who has since left.
  const choices = therapistChoices(therapists.data?.results ?? [], board.data, form.values.time >= slot);
  offShift.current = (v) => {
    for (const field of ['therapist', 'second_therapist'] as const) {
      const message = shiftRefusal(choices, v[field]);
      if (message) return { field, message };
    }
    return undefined;
  };
  const salespersons = useEmployeeOptions('salesperson', location);
  const options = optionsFor(form.values.treatment);
  const replacement = replacementFor(options, form.values.use);
  useEffect(() => {
    if (replacement !== null) form.set('use', replacement);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when what the client holds was read again
  }, [services]);
  // A visit now is paid at checkout, after the service; one logged for an earlier time records its payment.
  const visitNow = form.values.time >= slot;
  const paid = form.values.use === PAY_AT_DESK.value && !visitNow;
  const held = voucherTreatments(services, today);
  const allTreatments = treatments.data?.results ?? [];
  const price = allTreatments.find((t) => String(t.id) === form.values.treatment)?.price;
  useOnlySalesperson(salespersons.data?.results, form.values.salesperson, form.set);

  return (
    <FormDialog
      {...form.dialog}
      title={earlier ? `Log an earlier visit · ${client.full_name}` : `Log arrival · ${client.full_name}`}
      submitLabel="Log arrival"
      onClose={onClose}
    >
      <ClosedDayAlert location={location} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TreatmentSelect
          field={form.bind('treatment', hintUnlessEmpty(treatments.data, 'treatments'))}
          treatments={allTreatments}
          held={held}
        />
        <TimeSlotSelect label="Time" required {...form.bind('time', `Today, ${formatDate(today)}`)} />
      </Stack>
      <LocationStaffFields
        location={form.bind('location')}
        locations={servableLocations(desk, locations.data?.results ?? [])}
        staffLabel="Therapist"
        staff={form.bind(
          'therapist',
          hintUnlessEmpty(
            therapists.data,
            'therapists',
            shiftRefusal(choices, form.values.therapist) ?? shiftHint(choices, form.values.therapist),
          ),
        )}
        people={choices}
      />
      <TandemFields
        second={form.bind('second_therapist', 'Two therapists on one service share its commission equally.')}
        requested={form.bindSwitch('requested')}
        therapists={choices.filter((t) => String(t.id) !== form.values.therapist)}
      />
      <UseField
        options={options}
        value={form.values.use}
        onChange={(value) => form.set('use', value)}
        disabled={form.submitting}
        error={form.errors.voucher ?? form.errors.client_membership}
      />
      {paid ? (
        <WalkInPaymentFields
          price={price}
          salesperson={form.bind('salesperson', hintUnlessEmpty(salespersons.data, 'salespersons'))}
          salespersons={salespersons.data?.results ?? []}
          method={form.bind('payment_method')}
          bank={form.bind('bank')}
          banks={banks.data?.results ?? []}
          reference={form.bind('reference_no')}
          discount={form.bind('discount', 'Pesos off the price.')}
          serviceCharge={form.bind('service_charge', 'Collected on top; shared by the branch’s staff.')}
        />
      ) : null}
      {form.values.use === PAY_AT_DESK.value && visitNow ? (
        <Typography variant="body2" color="textSecondary">
          Paid at checkout, after the service.
        </Typography>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ReceptionistSelect field={form.bind('receptionist')} receptionists={receptionists.data?.results ?? []} />
        <TextField label="Notes" fullWidth {...form.bind('notes')} />
      </Stack>
    </FormDialog>
  );
};
