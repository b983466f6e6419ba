import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatPeso,
  reservationCancelBodySchema,
  reservationPatchSchema,
  type BoardReservation,
  type ReservationPatch,
} from '@ginhawa/contract';
import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { FormDialog } from '../../../components/form/form-dialog';
import { formatDate } from '../../../lib/format';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useRevalidateFloor } from '../api/get-board';
import { arriveReservation, cancelReservation, markNoShow, moveReservation } from '../api/floor-actions';
import { TherapistSelect, WhenFields } from './booking-fields';
import { DepositFateChoice, type DepositFate } from './deposit-fate-choice';
import { FloorReasonDialog } from './floor-reason-dialog';
import { displayTime } from './floor-time';
import { useFloorWrite } from './floor-write';
import { visitUseSaid, type VisitUse, type VisitUseSlot } from './visit-use';

/** How the desk names a deposit's method (GCash and Maya are the e-wallets in use). */
const METHOD_LABEL: Record<string, string> = { e_wallet: 'GCash/Maya', bank_transfer: 'bank transfer' };

const MOVE_FIELDS = ['date', 'time', 'therapist'] as const;

/** Move a booked reservation to another time or therapist: the same conflict rule as booking (a 409 names whose time). */
const MoveForm = ({ reservation, onClose }: { reservation: BoardReservation; onClose: () => void }) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => ({
      date: reservation.date,
      time: reservation.time,
      therapist: reservation.therapist === null ? '' : String(reservation.therapist),
    }),
    fields: MOVE_FIELDS,
    parse: (v) =>
      reservationPatchSchema.safeParse({
        date: v.date,
        time: v.time,
        therapist: v.therapist ? Number(v.therapist) : null,
      } satisfies ReservationPatch),
    save: (body) => moveReservation(reservation.id, body),
    onSaved: async (saved) => {
      showSnackbar(
        // A move to another day names it: the board the desk is looking at no longer shows the booking.
        `Moved ${saved.client_name} to ${saved.date === reservation.date ? '' : `${formatDate(saved.date)}, `}${displayTime(saved.time)}, ${saved.therapist_name ?? 'any therapist'}.`,
        'success',
      );
      await revalidate();
      onClose();
    },
  });
  return (
    <FormDialog {...form.dialog} title={`Move ${reservation.client_name}`} submitLabel="Move" onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <WhenFields date={form.bind('date')} time={form.bind('time')} />
        <TherapistSelect location={reservation.location} field={form.bind('therapist')} />
      </Stack>
    </FormDialog>
  );
};

/** Cancel with a reason; a held deposit is refunded, credited or kept as the desk says (decision 0900). */
const CancelDialog = ({ reservation, onClose }: { reservation: BoardReservation; onClose: () => void }) => {
  const [fate, setFate] = useState<DepositFate>('refunded');
  const held = reservation.deposit?.status === 'held' ? reservation.deposit : null;
  return (
    <FloorReasonDialog
      title={`Cancel ${reservation.client_name}'s booking`}
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      hint="Kept with the booking."
      parse={(reason) => reservationCancelBodySchema.safeParse({ reason, deposit: fate })}
      onConfirm={(body) => cancelReservation(reservation.id, body)}
      done={`${reservation.client_name}'s booking was cancelled.${held ? ` The ${formatPeso(held.amount)} deposit is ${fate}.` : ''}`}
      onClose={onClose}
    >
      The time is freed for others.
      {held ? (
        <DepositFateChoice
          label={`Deposit ${formatPeso(held.amount)} ${METHOD_LABEL[held.payment_method] ?? held.payment_method.replace('_', ' ')}`}
          fates={['refunded', 'credited', 'forfeited']}
          value={fate}
          onChange={setFate}
          sx={{ mt: 2, display: 'block' }}
        />
      ) : null}
    </FloorReasonDialog>
  );
};

/** What the toast says became of a deposit the visit did not use. */
const LEFTOVER_SAID = { credited: 'kept as their credit', refunded: 'handed back' } as const;

type Mode = 'menu' | 'move' | 'cancel';

type ReservationActionsProps = {
  reservation: BoardReservation;
  /** Only a booking of the board's today may arrive (the server refuses another day's: move it first). */
  arrivesToday: boolean;
  /** The board's clock has reached the booking's `no_show_from` (noShowOpen): only then is No-show offered. */
  noShowOpen: boolean;
  visitUse: VisitUseSlot;
  onClose: () => void;
};

/**
 * A booked reservation's actions: the client came (logs the arrival, with a voucher session or the
 * desk's payment as the arrival card takes them), no-show (offered only from the board's
 * `no_show_from`: the booked start plus the branch's grace period), cancel with a reason, or move.
 */
export const ReservationActions = ({
  reservation,
  arrivesToday,
  noShowOpen,
  visitUse,
  onClose,
}: ReservationActionsProps) => {
  const [mode, setMode] = useState<Mode>('menu');
  const [use, setUse] = useState<VisitUse | null>(null);
  const [key] = useState(newIdempotencyKey);
  const [leftover, setLeftover] = useState<keyof typeof LEFTOVER_SAID>('credited');
  const { busy, error, fieldErrors, refused, run } = useFloorWrite(onClose);
  if (mode === 'move') return <MoveForm reservation={reservation} onClose={onClose} />;
  const deposit = reservation.deposit;
  const held = deposit?.status === 'held' ? deposit : null;
  // A visit on a voucher or a membership does not use the deposit: the desk says what became of it.
  const unused = held && (use?.voucher || use?.client_membership) ? held : null;
  const noShow = () => void run(() => markNoShow(reservation.id), `${reservation.client_name} marked as a no-show.`);
  if (mode === 'cancel') return <CancelDialog reservation={reservation} onClose={onClose} />;
  return (
    <FormDialog
      open
      title={`${displayTime(reservation.time)} ${reservation.client_name}`}
      submitLabel="Client arrived"
      // "Cancel" here sat under "Cancel booking": leaving the dialog changes nothing, so it says Close.
      cancelLabel="Close"
      submitting={busy}
      submitDisabled={!use || !arrivesToday}
      error={error}
      onSubmit={() =>
        void run(
          () =>
            arriveReservation(
              reservation.id,
              { therapist: reservation.therapist, ...use, ...(unused ? { deposit: leftover } : {}) },
              key,
            ),
          `${reservation.client_name} arrived; the arrival is logged.${visitUseSaid(use)}${
            unused ? ` The ${formatPeso(unused.amount)} deposit is ${LEFTOVER_SAID[leftover]}.` : ''
          }`,
        )
      }
      onClose={onClose}
    >
      <Stack spacing={1.5}>
        {arrivesToday ? <ClosedDayAlert location={reservation.location} /> : null}
        <Typography>
          {[
            reservation.treatment_name,
            `${reservation.duration_minutes} min`,
            reservation.therapist_name ?? 'Any therapist',
            reservation.room_name,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {deposit ? (
          <Alert severity="info">
            Deposit {formatPeso(deposit.amount)}{' '}
            {METHOD_LABEL[deposit.payment_method] ?? deposit.payment_method.replace('_', ' ')}
            {deposit.reference_no ? ` (ref. ${deposit.reference_no})` : ''}, {deposit.status}.
          </Alert>
        ) : null}
        {reservation.notes ? <Typography color="textSecondary">{reservation.notes}</Typography> : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={busy} onClick={() => setMode('move')}>
            Move
          </Button>
          {noShowOpen ? (
            <Button variant="outlined" disabled={busy} onClick={noShow}>
              No-show
            </Button>
          ) : null}
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setMode('cancel')}>
            Cancel booking
          </Button>
        </Stack>
        {!arrivesToday ? (
          <Alert severity="info">
            This booking is for {formatDate(reservation.date)}: move it to today before the client arrives.
          </Alert>
        ) : null}
        {arrivesToday &&
          visitUse({
            client: reservation.client,
            location: reservation.location,
            treatment: reservation.treatment,
            deposit: deposit ?? undefined,
            onChange: setUse,
            errors: fieldErrors,
            disabled: busy,
            refused,
          })}
        {unused ? (
          <DepositFateChoice
            label={`Nothing is paid on this visit: what becomes of the ${formatPeso(unused.amount)} deposit?`}
            fates={['credited', 'refunded']}
            value={leftover}
            onChange={setLeftover}
            error={fieldErrors.deposit?.[0]}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
};
