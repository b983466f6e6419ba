import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FreeBed, Proposal, QueueEntry } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { toApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { assignNext, proposeNext } from '../api/floor-actions';
import { TreatmentSelect } from './booking-fields';
import { EMPTY_SHOWN, displayTime, manilaClock } from './floor-time';
import { useFloorWrite } from './floor-write';
import { visitUseSaid, type VisitUse, type VisitUseSlot } from './visit-use';

type AssignDialogProps = {
  client: { id: number; full_name: string };
  location: number;
  queue: readonly QueueEntry[];
  visitUse: VisitUseSlot;
  onClose: () => void;
  /** The floor's "Assign Ana Cruz" by default; the client card's "Log arrival · Ana Cruz". */
  title?: string;
  /**
   * The client card's way to a visit that began earlier today: a plain record with its own time and
   * payment (decision 0910). A visit now is only ever logged here (decision 0914).
   */
  onEarlier?: () => void;
};

/** The proposal as the desk reads it. */
const proposalText = (p: Proposal) =>
  `${p.therapist_name}${p.requested ? ' (requested)' : ''}${p.room_name ? `, ${p.room_name}${p.bed ? ` bed ${p.bed}` : ''}` : ''}, ${displayTime(manilaClock(p.starts_at))}–${displayTime(manilaClock(p.ends_at))}`;

/** A bed as the room select lists it: "Molave · bed 2 · couple, women only". */
const bedLabel = (b: FreeBed) =>
  `${b.room_name} · bed ${b.bed} · ${b.kind}${b.rule === 'any' ? '' : `, ${b.rule} only`}`;
const bedKey = (b: { room: number | null; bed: number | null }) => (b.room === null ? '' : `${b.room}:${b.bed}`);

/**
 * "Assign next", and the client card's *Log arrival* for a visit now (one dialog, one call,
 * decision 0914): a treatment (and, if the client asked for one, a therapist) → the board proposes
 * the therapist and a free room that suits, and the desk may choose another free bed that suits
 * (decision 0910); one more tap logs the arrival. The proposal writes
 * nothing; the assignment is checked again on the server, so two desks never give one therapist or
 * bed twice (the loser sees the 409 sentence here).
 */
export const AssignDialog = ({ client, location, queue, visitUse, onClose, title, onEarlier }: AssignDialogProps) => {
  const [key] = useState(newIdempotencyKey);
  const { busy, error, setError, fieldErrors, refused, run } = useFloorWrite(onClose);
  const [treatment, setTreatment] = useState('');
  const [requested, setRequested] = useState('');
  const [proposal, setProposal] = useState<Proposal | null>(null);
  // The bed chosen ("room:bed"), the proposal's until the desk picks another.
  const [bed, setBed] = useState('');
  // A voucher session or the desk's payment, sent with the arrival (null until the client's vouchers are read).
  const [use, setUse] = useState<VisitUse | null>(null);

  useEffect(() => {
    if (!treatment) return;
    let live = true;
    setProposal(null);
    setError(undefined);
    proposeNext({
      location,
      client: client.id,
      treatment: Number(treatment),
      therapist: requested ? Number(requested) : null,
    }).then(
      (p) => {
        if (!live) return;
        setProposal(p);
        setBed(bedKey(p));
      },
      (err: unknown) => live && setError(toApiError(err).message),
    );
    return () => {
      live = false;
    };
  }, [location, client.id, treatment, requested, setError]);

  const chosen = proposal?.free_beds.find((b) => bedKey(b) === bed);
  const submit = async () => {
    if (!proposal || !use) return;
    await run(
      () =>
        assignNext(
          {
            client: client.id,
            location,
            therapist: proposal.therapist,
            treatment: Number(treatment),
            requested: proposal.requested,
            room: chosen?.room ?? proposal.room,
            bed: chosen?.bed ?? proposal.bed,
            duration_minutes: proposal.duration_minutes,
            ...use,
          },
          key,
        ),
      `${client.full_name} is with ${proposal.therapist_name}.${visitUseSaid(use)}`,
    );
  };

  return (
    <FormDialog
      open
      title={title ?? `Assign ${client.full_name}`}
      submitLabel="Log arrival"
      submitting={busy}
      submitDisabled={!proposal || !use}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ClosedDayAlert location={location} />
        <TreatmentSelect value={treatment} onChange={(e) => setTreatment(e.target.value)} />
        <TextField
          select
          label="Therapist"
          slotProps={EMPTY_SHOWN}
          value={requested}
          onChange={(e) => setRequested(e.target.value)}
          helperText="Next in line, or the one the client asked for by name (they keep their place)."
        >
          <MenuItem value="">Next in line</MenuItem>
          {queue.map((q) => (
            <MenuItem key={q.therapist} value={String(q.therapist)}>
              {q.therapist_name}
            </MenuItem>
          ))}
        </TextField>
        {proposal ? (
          <Alert severity="success" role="status">
            Proposed: {proposalText(proposal)}
          </Alert>
        ) : null}
        {proposal && proposal.free_beds.length > 0 ? (
          <TextField
            select
            label="Room and bed"
            value={bed}
            onChange={(e) => setBed(e.target.value)}
            error={Boolean(fieldErrors.room ?? fieldErrors.bed)}
            helperText={
              fieldErrors.room?.[0] ??
              fieldErrors.bed?.[0] ??
              'Free for the whole service and suited to the treatment and the client.'
            }
          >
            {proposal.free_beds.map((b) => (
              <MenuItem key={bedKey(b)} value={bedKey(b)}>
                {bedLabel(b)}
                {bedKey(b) === bedKey(proposal) ? ' (proposed)' : ''}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {!treatment ? (
          <Alert severity="info">Choose the treatment to see who is next and which room is free.</Alert>
        ) : null}
        {visitUse({
          client: client.id,
          location,
          treatment: treatment ? Number(treatment) : null,
          onChange: setUse,
          errors: fieldErrors,
          disabled: busy,
          refused,
        })}
        {onEarlier ? (
          <Button variant="text" onClick={onEarlier} disabled={busy} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
            Log a visit that began earlier
          </Button>
        ) : null}
      </Stack>
    </FormDialog>
  );
};
