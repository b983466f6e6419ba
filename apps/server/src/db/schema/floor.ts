import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  date,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';
import { employees } from './employees';
import { users } from './users';
import { treatments } from './services';
import { banks } from './banks';
import { clientArrivals, clients } from './clients';
import { rooms } from './rooms';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A therapist's or receptionist's time at a branch (issue 22): open while `ended_at` is null; one
 * open shift per person (the partial unique index answers two desks clocking one person in at once).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    locationId: integer('location_id').notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    clockedInBy: integer('clocked_in_by').references(() => users.id, { onDelete: 'set null' }),
    clockedOutBy: integer('clocked_out_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ name: 'shifts_employee_fk', columns: [t.employeeId], foreignColumns: [employees.id] }),
    foreignKey({ name: 'shifts_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    uniqueIndex('shifts_one_open_idx')
      .on(t.employeeId)
      .where(sql`${t.endedAt} is null`),
    index('shifts_location_started_idx').on(t.locationId, t.startedAt),
    index('shifts_employee_started_idx').on(t.employeeId, t.startedAt),
    check('shifts_end_after_start', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * The rotation ("decking") of a branch: one row per therapist on shift, in line by `queued_at`
 * (docs/decisions/0900-floor-board.md: a service from the rotation moves it to the service's end,
 * so the therapist rejoins the back when it ends). Changed only under the branch's row lock.
 */
export const floorQueue = pgTable(
  'floor_queue',
  {
    employeeId: integer('employee_id').primaryKey(),
    locationId: integer('location_id').notNull(),
    shiftId: integer('shift_id').notNull(),
    queuedAt: instant('queued_at').notNull(),
    breakSince: instant('break_since'),
  },
  (t) => [
    foreignKey({ name: 'floor_queue_employee_fk', columns: [t.employeeId], foreignColumns: [employees.id] }),
    foreignKey({ name: 'floor_queue_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    foreignKey({ name: 'floor_queue_shift_fk', columns: [t.shiftId], foreignColumns: [shifts.id] }).onDelete('cascade'),
    index('floor_queue_location_idx').on(t.locationId, t.queuedAt),
  ],
);

/** Every change of a line, with who, when and why: the answer to a dispute over turns. */
export const floorRotationLog = pgTable(
  'floor_rotation_log',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull(),
    employeeId: integer('employee_id'),
    action: varchar('action', { length: 20 }).notNull(),
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: instant('at').notNull(),
  },
  (t) => [
    foreignKey({ name: 'floor_rotation_log_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    foreignKey({ name: 'floor_rotation_log_employee_fk', columns: [t.employeeId], foreignColumns: [employees.id] }),
    index('floor_rotation_log_location_at_idx').on(t.locationId, t.at),
  ],
);

/** A branch's floor rules; a branch without a row uses the defaults (15 minutes' grace, forfeit). */
export const floorSettings = pgTable(
  'floor_settings',
  {
    locationId: integer('location_id').primaryKey(),
    graceMinutes: integer('grace_minutes').notNull().default(15),
    noShowDeposit: varchar('no_show_deposit', { length: 8 }).notNull().default('forfeit'),
    ...tracked(),
  },
  (t) => [
    foreignKey({
      name: 'floor_settings_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('cascade'),
    check('floor_settings_grace_check', sql`${t.graceMinutes} between 0 and 240`),
    check('floor_settings_no_show_check', sql`${t.noShowDeposit} in ('forfeit', 'credit')`),
  ],
);

/** A booking of a client at a branch, with its deposit (issue 22). Its time is held in floor_bookings. */
export const floorReservations = pgTable(
  'floor_reservations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    locationId: integer('location_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: varchar('time', { length: 5 }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    treatmentId: integer('treatment_id').notNull(),
    therapistId: integer('therapist_id'),
    roomId: integer('room_id'),
    bed: integer('bed'),
    status: varchar('status', { length: 10 }).notNull().default('booked'),
    depositMethod: varchar('deposit_method', { length: 20 }),
    depositBankId: integer('deposit_bank_id'),
    depositAmount: numeric('deposit_amount', { precision: 12, scale: 2 }),
    depositReference: varchar('deposit_reference', { length: 60 }).notNull().default(''),
    depositStatus: varchar('deposit_status', { length: 10 }),
    notes: varchar('notes', { length: 500 }).notNull().default(''),
    arrivalId: integer('arrival_id'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: varchar('cancel_reason', { length: 300 }).notNull().default(''),
    closedAt: instant('closed_at'),
    ...tracked(),
  },
  (t) => [
    foreignKey({ name: 'floor_reservations_client_fk', columns: [t.clientId], foreignColumns: [clients.id] }),
    foreignKey({ name: 'floor_reservations_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    foreignKey({ name: 'floor_reservations_treatment_fk', columns: [t.treatmentId], foreignColumns: [treatments.id] }),
    foreignKey({ name: 'floor_reservations_therapist_fk', columns: [t.therapistId], foreignColumns: [employees.id] }),
    foreignKey({ name: 'floor_reservations_room_fk', columns: [t.roomId], foreignColumns: [rooms.id] }),
    foreignKey({ name: 'floor_reservations_bank_fk', columns: [t.depositBankId], foreignColumns: [banks.id] }),
    foreignKey({ name: 'floor_reservations_arrival_fk', columns: [t.arrivalId], foreignColumns: [clientArrivals.id] }),
    index('floor_reservations_location_date_idx').on(t.locationId, t.date),
    index('floor_reservations_client_idx').on(t.clientId),
    check('floor_reservations_status_check', sql`${t.status} in ('booked', 'arrived', 'no_show', 'cancelled')`),
    check('floor_reservations_time_slot', sql.raw(`"time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'`)),
    check('floor_reservations_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'floor_reservations_deposit_check',
      sql`(${t.depositAmount} is null and ${t.depositStatus} is null) or (${t.depositAmount} > 0 and ${t.depositMethod} is not null and ${t.depositStatus} in ('held', 'applied', 'forfeited', 'credited', 'refunded'))`,
    ),
  ],
);

/**
 * The time a therapist and a bed are taken, by a reservation or by an arrival in service: one row
 * each, so two exclusion constraints (hand-written in the migration, `btree_gist`) refuse an overlap
 * between any two of them (floor_bookings_therapist_excl, floor_bookings_bed_excl).
 */
export const floorBookings = pgTable(
  'floor_bookings',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull(),
    therapistId: integer('therapist_id'),
    roomId: integer('room_id'),
    bed: integer('bed'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    reservationId: integer('reservation_id'),
    arrivalId: integer('arrival_id'),
    /** A requested therapist's service (out of turn): the line keeps their place. */
    requested: boolean('requested').notNull().default(false),
  },
  (t) => [
    foreignKey({ name: 'floor_bookings_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    foreignKey({ name: 'floor_bookings_therapist_fk', columns: [t.therapistId], foreignColumns: [employees.id] }),
    foreignKey({ name: 'floor_bookings_room_fk', columns: [t.roomId], foreignColumns: [rooms.id] }),
    foreignKey({
      name: 'floor_bookings_reservation_fk',
      columns: [t.reservationId],
      foreignColumns: [floorReservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'floor_bookings_arrival_fk',
      columns: [t.arrivalId],
      foreignColumns: [clientArrivals.id],
    }).onDelete('cascade'),
    index('floor_bookings_location_time_idx').on(t.locationId, t.startsAt),
    // The board's "still running or to come" (ends after now): a range of the day's bookings, not the branch's history.
    index('floor_bookings_location_end_idx').on(t.locationId, t.endsAt),
    uniqueIndex('floor_bookings_reservation_idx').on(t.reservationId),
    uniqueIndex('floor_bookings_arrival_idx').on(t.arrivalId),
    check('floor_bookings_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('floor_bookings_bed_check', sql`(${t.roomId} is null) = (${t.bed} is null)`),
    check('floor_bookings_what_check', sql`${t.therapistId} is not null or ${t.roomId} is not null`),
  ],
);

/** The floor's constraints in words (lib/constraints.ts); the exclusions are answered by the services, naming who. */
/**
 * What the floor board reads, versioned (decision 0904): one row per branch, raised once per
 * transaction that changes its floor, and row 0 for the names the board shows (clients,
 * employees, treatments, users, locations). Raised by triggers only (migration), read before
 * every board; a board is kept while both are unchanged.
 */
export const floorBoardVersion = pgTable('floor_board_version', {
  locationId: integer('location_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const floorConstraints = {
  shifts_one_open_idx: { kind: 'unique', message: 'This person is already clocked in.', field: 'employee' },
  floor_bookings_therapist_excl: {
    kind: 'exclusion',
    message: 'The therapist is already serving or booked at that time.',
    field: 'therapist',
  },
  floor_bookings_bed_excl: { kind: 'exclusion', message: 'That bed is already taken at that time.', field: 'room' },
  floor_reservations_client_fk: {
    kind: 'foreignKey',
    table: 'floor_reservations',
    field: 'client',
    missing: 'No such client.',
    inUse: 'This client has reservations, so the record cannot be deleted.',
  },
  floor_reservations_room_fk: {
    kind: 'foreignKey',
    table: 'floor_reservations',
    field: 'room',
    missing: 'No such room.',
    inUse: 'This room has reservations, so it cannot be deleted.',
  },
  floor_bookings_room_fk: {
    kind: 'foreignKey',
    table: 'floor_bookings',
    field: 'room',
    missing: 'No such room.',
    inUse: 'This room has bookings, so it cannot be deleted.',
  },
} satisfies ConstraintSentences;
