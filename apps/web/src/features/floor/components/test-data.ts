import type { Board, FreeBed, Proposal, QueueEntry } from '@ginhawa/contract';

/** Rows shaped like the API's, for the floor's tests (and the app's dialogs built on them). */

/** Ana Cruz, clocked in at 09:00 Manila and available, first in the rotation unless `over` says otherwise. */
export const aQueueEntry = (over: Partial<QueueEntry> = {}): QueueEntry => ({
  position: 1,
  therapist: 11,
  therapist_name: 'Ana Cruz',
  state: 'available',
  is_next: false,
  shift: 1,
  clocked_in_at: '2026-11-25T01:00:00Z',
  service: null,
  reservation: null,
  break_since: null,
  ...over,
});

/** Ben Reyes serving Rico Blanco (visit 90) a Swedish in Narra bed 2, 12:00–13:30 Manila. */
export const benServingRico = (over: Partial<QueueEntry> = {}): QueueEntry =>
  aQueueEntry({
    therapist: 12,
    therapist_name: 'Ben Reyes',
    state: 'in_service',
    service: {
      arrival: 90,
      client: 6,
      client_name: 'Rico Blanco',
      treatment_name: 'Swedish',
      room: 4,
      room_name: 'Narra',
      bed: 2,
      started_at: '2026-11-25T04:00:00Z',
      ends_at: '2026-11-25T05:30:00Z',
      requested: false,
    },
    ...over,
  });

/** A free bed, for any client unless `rule` says whom. */
export const freeBed = (
  room: number,
  room_name: string,
  bed: number,
  kind: FreeBed['kind'],
  rule: FreeBed['rule'] = 'any',
): FreeBed => ({ room, room_name, bed, kind, rule });

/**
 * Assign next's proposal: Ana Cruz in Narra bed 1 (single), 13:00–14:00 Manila; the beds free then
 * are Narra bed 1 and the `others` given.
 */
export const aProposal = (...others: FreeBed[]): Proposal => ({
  therapist: 11,
  therapist_name: 'Ana Cruz',
  requested: false,
  room: 4,
  room_name: 'Narra',
  bed: 1,
  starts_at: '2026-11-25T05:00:00Z',
  ends_at: '2026-11-25T06:00:00Z',
  duration_minutes: 60,
  free_beds: [freeBed(4, 'Narra', 1, 'single'), ...others],
});

/** Makati's board (location 2) for 25 Nov 2026 at 13:00 Manila: empty unless `over` fills it. */
export const aBoard = (over: Partial<Board> = {}): Board => ({
  location: 2,
  location_name: 'Makati',
  date: '2026-11-25',
  now: '2026-11-25T05:00:00Z',
  next_change_at: null,
  queue: [],
  rooms: [],
  reservations: [],
  ...over,
});
