import { z } from 'zod';
import {
  floorDurationMinutes as durationMinutes,
  floorInstant as isoInstant,
  floorReason as reason,
} from './floor-fields';
import { filterId } from './pagination';
import { calendarDateSchema, relationId } from './fields';
import { clientArrivalBodySchema, clientArrivalSchema } from './client-arrivals';
import { ROOM_RULES, ROTATION_ACTIONS, THERAPIST_STATES, reservationSchema } from './floor';

/** The floor board's one call, the rotation's actions and assign next (docs/api.md "Floor board"). */

// ——— the board ———

export const boardQuerySchema = z.object({
  location: filterId(),
  /** Whose reservations to list; today (Manila) when left out. The queue is always now. */
  date: calendarDateSchema.optional(),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

export const boardServiceSchema = z.object({
  arrival: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  treatment_name: z.string().nullable(),
  room: z.number().int().nullable(),
  room_name: z.string().nullable(),
  bed: z.number().int().nullable(),
  started_at: isoInstant,
  ends_at: isoInstant,
  requested: z.boolean(),
});
export type BoardService = z.infer<typeof boardServiceSchema>;

export const queueEntrySchema = z.object({
  /** 1-based place in the rotation (in service and on break included: they keep their place). */
  position: z.number().int(),
  therapist: z.number().int(),
  therapist_name: z.string(),
  state: z.enum(THERAPIST_STATES),
  /** The first available therapist in line: whom "assign next" proposes for a walk-in. */
  is_next: z.boolean(),
  shift: z.number().int(),
  clocked_in_at: isoInstant,
  /** While in service. */
  service: boardServiceSchema.nullable(),
  /** The reservation holding the therapist now (state `reserved`), else their next one today. */
  reservation: z
    .object({ id: z.number().int(), client_name: z.string(), starts_at: isoInstant, ends_at: isoInstant })
    .nullable(),
  break_since: isoInstant.nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const boardRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  rule: z.enum(ROOM_RULES),
  beds: z.number().int(),
  /** Beds in use now, one entry per occupied bed. */
  occupied: z.array(
    z.object({
      bed: z.number().int(),
      arrival: z.number().int().nullable(),
      reservation: z.number().int().nullable(),
      client_name: z.string(),
      therapist: z.number().int().nullable(),
      therapist_name: z.string().nullable(),
      ends_at: isoInstant,
    }),
  ),
  free_beds: z.number().int(),
});
export type BoardRoom = z.infer<typeof boardRoomSchema>;

/**
 * A reservation as the board lists it: with the moment the desk may mark it a no-show (its start
 * plus the branch's grace period; null once it is no longer booked), so the screen offers No-show
 * only when the server allows it (docs/decisions/0905, 0907). Without what the board's screens
 * never show (decision 0824): the branch's name (the board's own), who cancelled and why, its
 * timestamps; the reservation's own read has them all.
 */
export const boardReservationSchema = reservationSchema
  .omit({
    location_name: true,
    cancelled_by: true,
    cancelled_by_name: true,
    cancel_reason: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ no_show_from: isoInstant.nullable() });
export type BoardReservation = z.infer<typeof boardReservationSchema>;

export const boardSchema = z.object({
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  /**
   * The next moment a state changes by time alone (a service ends, a reservation's hold starts or
   * ends, a booked reservation's `no_show_from` comes today): read again then.
   */
  next_change_at: isoInstant.nullable(),
  queue: z.array(queueEntrySchema),
  rooms: z.array(boardRoomSchema),
  /** The day's reservations at the branch, every status, by start time. */
  reservations: z.array(boardReservationSchema),
  /**
   * The server's clock when the board was read. In the rotation actions' answers; a board read
   * (`GET /api/floor/board/`) sends it in the `Board-Now` header instead, so its body stays the
   * same between changes and is revalidated by its ETag (decision 1060).
   */
  now: isoInstant,
});
export type Board = z.infer<typeof boardSchema>;

/**
 * `GET /api/floor/board/`'s body: the board without `now`, the same bytes for as long as nothing on
 * the board changes, so a read between changes is a `304 Not Modified` (decision 1060).
 */
export const boardReadSchema = boardSchema.omit({ now: true });
export type BoardRead = z.infer<typeof boardReadSchema>;
/** The header of a board read carrying the server's clock (the `now` its body leaves out). */
export const BOARD_NOW_HEADER = 'board-now';

// ——— rotation actions (each answers the board) ———

export const skipBodySchema = z.object({
  location: relationId('a location'),
  therapist: relationId('a therapist'),
  reason,
});
export type SkipBody = z.input<typeof skipBodySchema>;
/** A Manager's new order: every therapist now in the rotation, once each, first to last. */
export const reorderBodySchema = z.object({
  location: relationId('a location'),
  order: z.array(relationId('a therapist')).min(1, 'List the therapists in their new order.').max(200),
  reason,
});
export type ReorderBody = z.input<typeof reorderBodySchema>;
export const breakBodySchema = z.object({
  location: relationId('a location'),
  therapist: relationId('a therapist'),
  on_break: z.boolean({ error: 'Say whether the therapist is on break.' }),
});
export type BreakBody = z.input<typeof breakBodySchema>;

export const rotationLogEntrySchema = z.object({
  id: z.number().int(),
  at: isoInstant,
  location: z.number().int(),
  therapist: z.number().int().nullable(),
  therapist_name: z.string().nullable(),
  action: z.enum(ROTATION_ACTIONS),
  reason: z.string(),
  actor: z.number().int().nullable(),
  actor_name: z.string().nullable(),
});
export type RotationLogEntry = z.infer<typeof rotationLogEntrySchema>;
export const rotationLogQuerySchema = z.object({ location: filterId(), date: calendarDateSchema.optional() });
export type RotationLogQuery = z.input<typeof rotationLogQuerySchema>;

// ——— assign next ———

export const proposeBodySchema = z.object({
  location: relationId('a location'),
  client: relationId('a client'),
  treatment: relationId('a treatment'),
  /** The therapist the client asked for by name (served out of turn; keeps their place). */
  therapist: relationId('a therapist').nullable().default(null),
  duration_minutes: durationMinutes.optional(),
});
export type ProposeBody = z.input<typeof proposeBodySchema>;
export type ProposeInput = z.output<typeof proposeBodySchema>;
export const proposalSchema = z.object({
  therapist: z.number().int(),
  therapist_name: z.string(),
  requested: z.boolean(),
  /** Null when the branch has no rooms on file. */
  room: z.number().int().nullable(),
  room_name: z.string().nullable(),
  bed: z.number().int().nullable(),
  starts_at: isoInstant,
  ends_at: isoInstant,
  duration_minutes: z.number().int(),
  /**
   * Every bed free for the whole service that suits the treatment and the client, the proposed one
   * first: the desk may choose another (decision 0910). Empty when the branch has no rooms on file.
   */
  free_beds: z.array(
    z.object({
      room: z.number().int(),
      room_name: z.string(),
      bed: z.number().int(),
      /** The room's kind ("single", "couple") and who it takes (any, women, men). */
      kind: z.string(),
      rule: z.string(),
    }),
  ),
});
export type Proposal = z.infer<typeof proposalSchema>;
export type FreeBed = Proposal['free_beds'][number];

/** The one more tap: an arrival's body (date and time are now) plus what the board decided. */
export const assignBodySchema = clientArrivalBodySchema.omit({ date: true, time: true, treatment: true }).extend({
  treatment: relationId('a treatment'),
  requested: z.boolean().default(false),
  room: relationId('a room').nullable().default(null),
  bed: z.number().int().min(1).max(20).nullable().default(null),
  duration_minutes: durationMinutes.optional(),
});
export type AssignBody = z.input<typeof assignBodySchema>;
export type AssignInput = z.output<typeof assignBodySchema>;
export const assignmentSchema = z.object({
  arrival: clientArrivalSchema,
  requested: z.boolean(),
  room: z.number().int().nullable(),
  room_name: z.string().nullable(),
  bed: z.number().int().nullable(),
  starts_at: isoInstant,
  ends_at: isoInstant,
});
export type Assignment = z.infer<typeof assignmentSchema>;
/** `POST /floor/services/{arrival}/finish/`: the service ended (early or on time); the therapist goes to the back. */
export const finishBodySchema = z.object({}).default({});
