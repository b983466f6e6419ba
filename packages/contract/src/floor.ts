import { invoiceDocumentSchema } from './invoice-documents';
import { z } from 'zod';
import {
  floorDurationMinutes as durationMinutes,
  floorInstant as isoInstant,
  floorReason as reason,
} from './floor-fields';
import { filterId, listQuerySchema } from './pagination';
import {
  booleanQuery,
  calendarDateSchema,
  idString,
  money,
  name,
  orderingValues,
  relationId,
  text,
  timeSlotSchema,
} from './fields';
import { paymentFields, timestamps } from './client-fields';
import { clientArrivalBodySchema } from './client-arrivals';
import { roomKindSchema } from './floor-fields';

/**
 * The floor board (issue 22; docs/api.md "Floor board"): shifts, rooms, the walk-in rotation
 * ("decking"), reservations with deposits, and the live frame every open board of a branch hears.
 * Names here are a contract with the panel: add fields, never rename them.
 */

// ——— constants ———

/** What a therapist in the rotation is doing now; only `available` may be proposed next. */
export const THERAPIST_STATES = ['available', 'in_service', 'on_break', 'reserved'] as const;
export type TherapistState = (typeof THERAPIST_STATES)[number];
/** Who a room takes: anyone, women only, men only (checked against the client's gender when known). */
export const ROOM_RULES = ['any', 'women', 'men'] as const;
export type RoomRule = (typeof ROOM_RULES)[number];
export const RESERVATION_STATUSES = ['booked', 'arrived', 'no_show', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/**
 * A deposit's fate: `held` while booked; `applied` when the client arrived and paid at the desk (it
 * paid part of the visit), or `refunded` or `credited` as the desk says when the visit used a voucher
 * or a membership; at a no-show `forfeited` or `credited` (the branch's setting); at a cancellation the
 * desk chooses `refunded`, `credited` or `forfeited`. A `credited` deposit becomes `carried` when
 * the desk books the client's next reservation at that branch on it (decision 0900).
 */
export const DEPOSIT_STATUSES = ['held', 'applied', 'forfeited', 'credited', 'refunded', 'carried'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** What a branch does with a no-show's deposit. */
export const NO_SHOW_DEPOSIT_RULES = ['forfeit', 'credit'] as const;
export type NoShowDepositRule = (typeof NO_SHOW_DEPOSIT_RULES)[number];
export const DEFAULT_GRACE_MINUTES = 15;
/** What the rotation log records, one row per change of the line (docs/decisions/0900-floor-board.md). */
export const ROTATION_ACTIONS = [
  'clock_in',
  'clock_out',
  'served',
  'served_requested',
  'finished',
  'skip',
  'reorder',
  'break',
  'back_from_break',
] as const;
export type RotationAction = (typeof ROTATION_ACTIONS)[number];
/** Who uses a branch's floor besides Admins (issue 22): its board, its frames. Salespeople do not. */
export const FLOOR_GROUPS = ['Manager', 'Receptionist', 'Therapist'] as const;
/** The live frame's action (WsServerMessage in notifications.ts): an open board of `location` reads itself again. */
export const FLOOR_CHANGED_ACTION = 'floor_changed';
export type FloorChangedMessage = { action: typeof FLOOR_CHANGED_ACTION; location: number; date: string };

const roomKind = roomKindSchema;

// ——— shifts ———

export const clockInBodySchema = z.object({
  employee: relationId('a therapist or receptionist'),
  location: relationId('a location'),
});
export type ClockInBody = z.input<typeof clockInBodySchema>;
export const clockOutBodySchema = z.object({ employee: relationId('a therapist or receptionist') });
export type ClockOutBody = z.input<typeof clockOutBodySchema>;
/** Several people clocked in or out at once, one transaction and one board event (decision 0522). */
export const clockManyBodySchema = z.object({
  location: relationId('a location'),
  employees: z
    .array(relationId('a therapist or receptionist'), { error: 'Choose the people.' })
    .min(1, 'Choose at least one person.')
    .max(100, 'At most 100 people at once.'),
});
export type ClockManyBody = z.input<typeof clockManyBodySchema>;

export const shiftSchema = z.object({
  id: z.number().int(),
  employee: z.number().int(),
  employee_name: z.string(),
  employee_kind: z.enum(['therapist', 'receptionist']),
  location: z.number().int(),
  location_name: z.string(),
  started_at: isoInstant,
  /** Null while the shift is open. */
  ended_at: isoInstant.nullable(),
  /** Hours worked, to the minute, as a 2-place decimal string ("7.50"); up to now while open. */
  hours: z.string(),
  clocked_in_by: z.number().int().nullable(),
  clocked_out_by: z.number().int().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const SHIFT_ORDERING = ['started_at', 'ended_at', 'employee_name', 'id'] as const;
export const SHIFT_ORDERINGS = orderingValues(SHIFT_ORDERING);
export const shiftListQuerySchema = listQuerySchema(SHIFT_ORDERING, {
  location: filterId().optional(),
  employee: filterId().optional(),
  /** Only open (true) or only closed (false) shifts. */
  open: booleanQuery.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ShiftListQuery = z.input<typeof shiftListQuerySchema>;
export type ShiftQuery = z.output<typeof shiftListQuerySchema>;

const wholeParam = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** `GET /floor/shifts/attendance/`: one cutoff (1: days 1–15, 2: 16–end, 0: the whole month). */
export const attendanceQuerySchema = z.object({
  month: wholeParam('Enter a month from 1 to 12.', 1, 12),
  year: wholeParam('Enter a year from 2000 to 2100.', 2000, 2100),
  cutoff: wholeParam('Choose cutoff 0, 1 or 2.', 0, 2).default(1),
  location: filterId().optional(),
  format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json'),
});
export type AttendanceQuery = z.input<typeof attendanceQuerySchema>;
export type AttendanceParams = z.output<typeof attendanceQuerySchema>;
export const attendanceSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(
    z.object({
      employee: z.number().int(),
      employee_name: z.string(),
      employee_kind: z.enum(['therapist', 'receptionist']),
      location: z.number().int(),
      location_name: z.string(),
      /** Manila days with at least one shift started. */
      days: z.number().int(),
      /** Hours of the cutoff's closed shifts, 2-place decimal string. */
      hours: z.string(),
    }),
  ),
});
export type Attendance = z.infer<typeof attendanceSchema>;

// ——— rooms ———

const roomFields = {
  location: relationId('a location'),
  name: name(60),
  kind: roomKind,
  beds: z
    .number({ error: 'Enter the number of beds.' })
    .int('Enter the number of beds.')
    .min(1, 'At least 1 bed.')
    .max(20, 'At most 20 beds.'),
  rule: z.enum(ROOM_RULES, { error: `Choose ${ROOM_RULES.join(', ')}.` }),
  is_active: z.boolean(),
};
export const roomBodySchema = z.object({
  ...roomFields,
  rule: roomFields.rule.default('any'),
  is_active: z.boolean().default(true),
});
export type RoomBody = z.input<typeof roomBodySchema>;
export type RoomInput = z.output<typeof roomBodySchema>;
export const roomPutSchema = roomBodySchema;
export const roomPatchSchema = z.object(roomFields).partial();
export type RoomChanges = z.output<typeof roomPatchSchema>;
export const roomSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  name: z.string(),
  kind: z.string(),
  beds: z.number().int(),
  rule: z.enum(ROOM_RULES),
  is_active: z.boolean(),
  ...timestamps,
});
export type Room = z.infer<typeof roomSchema>;
export const ROOM_ORDERING = ['name', 'kind', 'beds', 'location_name', 'is_active', 'created_at'] as const;
export const ROOM_ORDERINGS = orderingValues(ROOM_ORDERING);
export const roomListQuerySchema = listQuerySchema(ROOM_ORDERING, {
  location: filterId().optional(),
  kind: text(40).optional(),
  is_active: booleanQuery.optional(),
});
export type RoomListQuery = z.input<typeof roomListQuerySchema>;
export type RoomQuery = z.output<typeof roomListQuerySchema>;
export const roomResource = {
  item: roomSchema,
  listQuery: roomListQuerySchema,
  createBody: roomBodySchema,
  putBody: roomPutSchema,
  patchBody: roomPatchSchema,
};

// ——— per-branch settings ———

export const floorSettingsQuerySchema = z.object({ location: filterId() });
export const floorSettingsBodySchema = z.object({
  location: relationId('a location'),
  grace_minutes: z
    .number({ error: 'Enter the minutes as a whole number.' })
    .int('Enter the minutes as a whole number.')
    .min(0, 'At least 0 minutes.')
    .max(240, 'At most 240 minutes.'),
  no_show_deposit: z.enum(NO_SHOW_DEPOSIT_RULES, { error: 'Choose forfeit or credit.' }),
});
export type FloorSettingsBody = z.input<typeof floorSettingsBodySchema>;
export const floorSettingsSchema = z.object({
  location: z.number().int(),
  grace_minutes: z.number().int(),
  no_show_deposit: z.enum(NO_SHOW_DEPOSIT_RULES),
});
export type FloorSettings = z.infer<typeof floorSettingsSchema>;

// ——— reservations ———

export const depositBodySchema = z.object({
  payment_method: paymentFields.payment_method,
  bank: paymentFields.bank,
  amount: money({
    acceptNumber: true,
    padded: true,
    negative: 'An amount cannot be negative.',
    empty: 'Enter the deposit amount.',
  }).refine((v) => Number(v) > 0, 'A deposit is more than 0.00.'),
  /** GCash / Maya / bank reference; required unless paid in cash. */
  reference_no: text(60).default(''),
});
export type DepositBody = z.input<typeof depositBodySchema>;

export const reservationBodySchema = z.object({
  client: relationId('a client'),
  location: relationId('a location'),
  date: calendarDateSchema,
  time: timeSlotSchema,
  treatment: relationId('a treatment'),
  /** Null: any therapist (one is taken from the rotation at arrival). */
  therapist: relationId('a therapist').nullable().default(null),
  /** Null: any suitable room; the server picks a free bed of a kind the treatment needs. */
  room: relationId('a room').nullable().default(null),
  /** The treatment's duration unless given. */
  duration_minutes: durationMinutes.optional(),
  deposit: depositBodySchema.nullable().default(null),
  /**
   * The client's earlier reservation at this branch whose credited deposit this booking carries as
   * its own deposit (method, bank, reference, amount); instead of `deposit`, never with it.
   */
  deposit_credit: relationId('a deposit credit').nullable().default(null),
  notes: text(500, { multiline: true }).default(''),
  /** The desk's terminal: a new deposit gets its acknowledgement receipt from it while invoicing is on (issue 33). */
  terminal: relationId('the terminal').nullable().default(null),
});
export type ReservationBody = z.input<typeof reservationBodySchema>;
export type ReservationInput = z.output<typeof reservationBodySchema>;

/** Moving a booked reservation (the board's drag): the same conflict rule as booking. */
export const reservationPatchSchema = z.object({
  date: calendarDateSchema.optional(),
  time: timeSlotSchema.optional(),
  therapist: relationId('a therapist').nullable().optional(),
  room: relationId('a room').nullable().optional(),
  duration_minutes: durationMinutes.optional(),
  notes: text(500, { multiline: true }).optional(),
});
export type ReservationPatch = z.input<typeof reservationPatchSchema>;
export type ReservationChanges = z.output<typeof reservationPatchSchema>;

/** The client came: the arrival is logged as POST /clients/arrivals/ would (voucher, membership, payment). */
export const reservationArriveBodySchema = z.object({
  /** Required when the reservation said "any therapist" and none is free in the rotation to take. */
  therapist: relationId('a therapist').nullable().default(null),
  receptionist: clientArrivalBodySchema.shape.receptionist,
  voucher: clientArrivalBodySchema.shape.voucher,
  client_membership: clientArrivalBodySchema.shape.client_membership,
  payment: clientArrivalBodySchema.shape.payment,
  notes: text(500, { multiline: true }).default(''),
  /**
   * A held deposit on a visit that uses a voucher or a membership, where there is nothing to pay:
   * handed back (`refunded`) or kept as the client's credit for a later booking (`credited`).
   * Required then; a visit paid at the desk uses the deposit toward its price instead (decision 0900).
   */
  deposit: z.enum(['refunded', 'credited'], { error: 'Choose refunded or credited.' }).nullable().default(null),
});
export type ReservationArriveBody = z.input<typeof reservationArriveBodySchema>;
export type ReservationArriveInput = z.output<typeof reservationArriveBodySchema>;

export const reservationCancelBodySchema = z.object({
  reason,
  /** What happens to a held deposit; refunded unless said. */
  deposit: z
    .enum(['refunded', 'credited', 'forfeited'], { error: 'Choose refunded, credited or forfeited.' })
    .default('refunded'),
});
export type ReservationCancelBody = z.input<typeof reservationCancelBodySchema>;
export type ReservationCancelInput = z.output<typeof reservationCancelBodySchema>;

export const depositSchema = z.object({
  payment_method: z.string(),
  bank: z.number().int().nullable(),
  amount: z.string(),
  reference_no: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /**
   * The part of an `applied` deposit handed back at the arrival: it was more than the visit's net
   * price after the desk's discount (decision 0411). Null when the visit took it all.
   */
  refunded: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** A client's credited deposit at a branch, ready to carry onto a new booking (GET floor/deposit-credits/). */
export const depositCreditSchema = z.object({
  /** The reservation the deposit was credited on (what `deposit_credit` names). */
  reservation: z.number().int(),
  date: z.string(),
  /** `no_show`, `cancelled` or `arrived` (a visit on a voucher or a membership): how the deposit came to be credited. */
  status: z.enum(RESERVATION_STATUSES),
  treatment_name: z.string(),
  /** The branch it is credited at (a credit is carried at its own branch only). */
  location_name: z.string(),
  payment_method: z.string(),
  bank: z.number().int().nullable(),
  amount: z.string(),
  reference_no: z.string(),
});
export type DepositCredit = z.infer<typeof depositCreditSchema>;
export const depositCreditQuerySchema = z.object({
  client: idString('Choose a client.'),
  /** The branch whose credits a booking may carry; without it, every branch the caller works at (the client's summary). */
  location: idString('Choose a location.').optional(),
});
export type DepositCreditQuery = z.output<typeof depositCreditQuerySchema>;

export const reservationSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  time: z.string(),
  starts_at: isoInstant,
  ends_at: isoInstant,
  duration_minutes: z.number().int(),
  treatment: z.number().int(),
  treatment_name: z.string(),
  therapist: z.number().int().nullable(),
  therapist_name: z.string().nullable(),
  room: z.number().int().nullable(),
  room_name: z.string().nullable(),
  bed: z.number().int().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  deposit: depositSchema.nullable(),
  notes: z.string(),
  /** The arrival logged when the client came. */
  arrival: z.number().int().nullable(),
  cancelled_by: z.number().int().nullable(),
  cancelled_by_name: z.string().nullable(),
  cancel_reason: z.string(),
  /** When it became arrived, no-show or cancelled. */
  closed_at: isoInstant.nullable(),
  ...timestamps,
});
export type Reservation = z.infer<typeof reservationSchema>;
/** POST /api/floor/reservations/: the booking, and the acknowledgement receipt of a new deposit (invoicing on). */
export const reservationCreatedSchema = reservationSchema.extend({ document: invoiceDocumentSchema.nullable() });
export type ReservationCreated = z.infer<typeof reservationCreatedSchema>;

export const RESERVATION_ORDERING = ['starts_at', 'date', 'time', 'id'] as const;
export const RESERVATION_ORDERINGS = orderingValues(RESERVATION_ORDERING);
export const reservationListQuerySchema = listQuerySchema(RESERVATION_ORDERING, {
  location: filterId().optional(),
  client: filterId().optional(),
  therapist: filterId().optional(),
  date: calendarDateSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
});
export type ReservationListQuery = z.input<typeof reservationListQuerySchema>;
export type ReservationQuery = z.output<typeof reservationListQuerySchema>;
