import { manilaDateTime, type Board, type QueueEntry } from '@ginhawa/contract';

/** A person as a staff select offers them: a note after the name, and the group they are listed under. */
export type StaffChoice = {
  id: number;
  full_name: string;
  /** "Available", "On a break", "Not clocked in"…, shown after the name. */
  note?: string;
  /** Not offered (a visit now with a therapist on a break, in a service or not clocked in). */
  disabled?: boolean;
  /** The heading the person is listed under ("On shift", "Not clocked in"). */
  group?: string;
};

const ON_SHIFT = 'On shift';
const OFF_SHIFT = 'Not clocked in';
const ON_BREAK = 'On a break';

const clock = (instant: string) => manilaDateTime(new Date(instant)).time;

/** What the board says of a therapist on shift, as the desk reads it. */
const stateNote = (entry: QueueEntry): string => {
  if (entry.state === 'on_break') return ON_BREAK;
  if (entry.state === 'in_service' && entry.service) return `In a service until ${clock(entry.service.ends_at)}`;
  if (entry.state === 'reserved' && entry.reservation) return `Reserved until ${clock(entry.reservation.ends_at)}`;
  return entry.is_next ? 'Available · next in line' : 'Available';
};

/**
 * The branch's therapists for the arrival card (docs/decisions/0414): those clocked in first, in
 * the rotation's order, each with their state; then those not clocked in. For a visit now (`atNow`),
 * one on a break, in a service (the server books the visit from now and refuses the clash: decision
 * 0909) or not clocked in cannot be chosen; for an earlier time today (a visit logged after it was
 * served) they can, with the note saying so. A branch with nobody clocked in (the floor board
 * not in use there) or a board that could not be read lists everyone, as before.
 */
export const therapistChoices = (
  therapists: readonly { id: number; full_name: string }[],
  board: Board | undefined,
  atNow: boolean,
): StaffChoice[] => {
  if (!board || board.queue.length === 0) return [...therapists];
  const byId = new Map(therapists.map((t) => [t.id, t]));
  const onShift = board.queue
    .filter((entry) => byId.has(entry.therapist))
    .map((entry) => ({
      ...byId.get(entry.therapist)!,
      note: stateNote(entry),
      disabled: atNow && (entry.state === 'on_break' || entry.state === 'in_service'),
      group: ON_SHIFT,
    }));
  const off = therapists
    .filter((t) => !board.queue.some((entry) => entry.therapist === t.id))
    .map((t) => ({ ...t, note: OFF_SHIFT, disabled: atNow, group: OFF_SHIFT }));
  return [...onShift, ...off];
};

/** Why the chosen therapist cannot serve a visit now (on a break or in a service since, or the time moved to now), else undefined. */
export const shiftRefusal = (choices: readonly StaffChoice[], chosen: string): string | undefined => {
  const choice = choices.find((c) => String(c.id) === chosen);
  if (!choice?.disabled) return undefined;
  if (choice.group === OFF_SHIFT)
    return `${choice.full_name} is not clocked in here: choose a therapist on shift, or the earlier time they served.`;
  const why = choice.note === ON_BREAK ? 'is on a break' : `is ${choice.note!.toLowerCase()}`;
  return `${choice.full_name} ${why}: choose a therapist who is free now, or the earlier time they served.`;
};

/** A hint under the therapist chosen for an earlier visit who is not on the floor now. */
export const shiftHint = (choices: readonly StaffChoice[], chosen: string): string | undefined => {
  const choice = choices.find((c) => String(c.id) === chosen);
  if (!choice || choice.disabled || (choice.note !== OFF_SHIFT && choice.note !== ON_BREAK)) return undefined;
  return `${choice.note} now: right only for a visit they served earlier today.`;
};
