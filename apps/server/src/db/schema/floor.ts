import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';
import { employees } from './employees';
import { users } from './users';
import { treatments } from './services';
import { banks } from './banks';
import { clientArrivals, clients } from './clients';
import { rooms } from './rooms';

const instant = (name: string) => t.timestamp(name, { withTimezone: true });

/**
 * A therapist's or receptionist's time at a branch (issue 22): open while `ended_at` is null; one
 * open shift per person (the partial unique index answers two desks clocking one person in at once).
 */
export const shifts = t.pgTable(
  'shifts',
  {
    id: t.serial('id').primaryKey(),
    employeeId: t.integer('employee_id').notNull(),
    locationId: t.integer('location_id').notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    clockedInBy: t.integer('clocked_in_by').references(() => users.id, { onDelete: 'set null' }),
    clockedOutBy: t.integer('clocked_out_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    t.foreignKey({ name: 'shifts_employee_fk', columns: [table.employeeId], foreignColumns: [employees.id] }),
    t.foreignKey({ name: 'shifts_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t
      .uniqueIndex('shifts_one_open_idx')
      .on(table.employeeId)
      .where(sql`${table.endedAt} is null`),
    t.index('shifts_location_started_idx').on(table.locationId, table.startedAt),
    t.index('shifts_employee_started_idx').on(table.employeeId, table.startedAt),
    t.check('shifts_end_after_start', sql`${table.endedAt} is null or ${table.endedAt} >= ${table.startedAt}`),
  ],
);

/**
 * The rotation ("decking") of a branch: one row per therapist on shift, in line by `queued_at`
 * (docs/decisions/0900-floor-board.md: a service from the rotation moves it to the service's end,
 * so the therapist rejoins the back when it ends). Changed only under the branch's row lock.
 */
export const floorQueue = t.pgTable(
  'floor_queue',
  {
    employeeId: t.integer('employee_id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    shiftId: t.integer('shift_id').notNull(),
    queuedAt: instant('queued_at').notNull(),
    breakSince: instant('break_since'),
  },
  (table) => [
    t.foreignKey({ name: 'floor_queue_employee_fk', columns: [table.employeeId], foreignColumns: [employees.id] }),
    t.foreignKey({ name: 'floor_queue_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t
      .foreignKey({ name: 'floor_queue_shift_fk', columns: [table.shiftId], foreignColumns: [shifts.id] })
      .onDelete('cascade'),
    t.index('floor_queue_location_idx').on(table.locationId, table.queuedAt),
  ],
);

/** Every change of a line, with who, when and why: the answer to a dispute over turns. */
export const floorRotationLog = t.pgTable(
  'floor_rotation_log',
  {
    id: t.serial('id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    employeeId: t.integer('employee_id'),
    action: t.varchar('action', { length: 20 }).notNull(),
    reason: t.varchar('reason', { length: 300 }).notNull().default(''),
    actorId: t.integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: instant('at').notNull(),
  },
  (table) => [
    t.foreignKey({
      name: 'floor_rotation_log_location_fk',
      columns: [table.locationId],
      foreignColumns: [locations.id],
    }),
    t.foreignKey({
      name: 'floor_rotation_log_employee_fk',
      columns: [table.employeeId],
      foreignColumns: [employees.id],
    }),
    t.index('floor_rotation_log_location_at_idx').on(table.locationId, table.at),
  ],
);

/** A branch's floor rules; a branch without a row uses the defaults (15 minutes' grace, forfeit). */
export const floorSettings = t.pgTable(
  'floor_settings',
  {
    locationId: t.integer('location_id').primaryKey(),
    graceMinutes: t.integer('grace_minutes').notNull().default(15),
    noShowDeposit: t.varchar('no_show_deposit', { length: 8 }).notNull().default('forfeit'),
    ...tracked(),
  },
  (table) => [
    t
      .foreignKey({
        name: 'floor_settings_location_fk',
        columns: [table.locationId],
        foreignColumns: [locations.id],
      })
      .onDelete('cascade'),
    t.check('floor_settings_grace_check', sql`${table.graceMinutes} between 0 and 240`),
    t.check('floor_settings_no_show_check', sql`${table.noShowDeposit} in ('forfeit', 'credit')`),
  ],
);

/** A booking of a client at a branch, with its deposit (issue 22). Its time is held in floor_bookings. */
export const floorReservations = t.pgTable(
  'floor_reservations',
  {
    id: t.serial('id').primaryKey(),
    clientId: t.integer('client_id').notNull(),
    locationId: t.integer('location_id').notNull(),
    date: t.date('date', { mode: 'string' }).notNull(),
    time: t.varchar('time', { length: 5 }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    durationMinutes: t.integer('duration_minutes').notNull(),
    treatmentId: t.integer('treatment_id').notNull(),
    therapistId: t.integer('therapist_id'),
    roomId: t.integer('room_id'),
    bed: t.integer('bed'),
    status: t.varchar('status', { length: 10 }).notNull().default('booked'),
    depositMethod: t.varchar('deposit_method', { length: 20 }),
    depositBankId: t.integer('deposit_bank_id'),
    depositAmount: t.numeric('deposit_amount', { precision: 12, scale: 2 }),
    depositReference: t.varchar('deposit_reference', { length: 60 }).notNull().default(''),
    depositStatus: t.varchar('deposit_status', { length: 10 }),
    /**
     * The Manila day the deposit's money reached the desk (docs/decisions/0520-deposits-on-the-books.md):
     * the day's report counts it as received then. Null on a carried credit, whose money was received
     * on the reservation it came from, and when there is no deposit.
     */
    depositReceivedOn: t.date('deposit_received_on', { mode: 'string' }),
    /** A `carried` deposit's new reservation (decision 0900: a credit is used once). */
    depositCarriedTo: t.integer('deposit_carried_to'),
    /**
     * The part of an `applied` deposit handed back at the arrival because it was more than the
     * visit's net price after the desk's discount (decision 0411): what the visit's deposit line
     * did not take, on record beside it.
     */
    depositRefunded: t.numeric('deposit_refunded', { precision: 12, scale: 2 }),
    notes: t.varchar('notes', { length: 500 }).notNull().default(''),
    arrivalId: t.integer('arrival_id'),
    cancelledBy: t.integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: t.varchar('cancel_reason', { length: 300 }).notNull().default(''),
    closedAt: instant('closed_at'),
    ...tracked(),
  },
  (table) => [
    t.foreignKey({ name: 'floor_reservations_client_fk', columns: [table.clientId], foreignColumns: [clients.id] }),
    t.foreignKey({
      name: 'floor_reservations_location_fk',
      columns: [table.locationId],
      foreignColumns: [locations.id],
    }),
    t.foreignKey({
      name: 'floor_reservations_treatment_fk',
      columns: [table.treatmentId],
      foreignColumns: [treatments.id],
    }),
    t.foreignKey({
      name: 'floor_reservations_therapist_fk',
      columns: [table.therapistId],
      foreignColumns: [employees.id],
    }),
    t.foreignKey({ name: 'floor_reservations_room_fk', columns: [table.roomId], foreignColumns: [rooms.id] }),
    t.foreignKey({ name: 'floor_reservations_bank_fk', columns: [table.depositBankId], foreignColumns: [banks.id] }),
    t.foreignKey({
      name: 'floor_reservations_carried_to_fk',
      columns: [table.depositCarriedTo],
      foreignColumns: [table.id],
    }),
    t.check(
      'floor_reservations_carried_check',
      sql`(${table.depositStatus} = 'carried') = (${table.depositCarriedTo} is not null)`,
    ),
    t.check(
      'floor_reservations_refunded_check',
      sql`${table.depositRefunded} is null or (${table.depositStatus} = 'applied' and ${table.depositRefunded} > 0 and ${table.depositRefunded} <= ${table.depositAmount})`,
    ),
    t.foreignKey({
      name: 'floor_reservations_arrival_fk',
      columns: [table.arrivalId],
      foreignColumns: [clientArrivals.id],
    }),
    t.index('floor_reservations_location_date_idx').on(table.locationId, table.date),
    t.index('floor_reservations_client_idx').on(table.clientId),
    t
      .index('floor_reservations_received_idx')
      .on(table.locationId, table.depositReceivedOn)
      .where(sql`${table.depositReceivedOn} is not null`),
    t.check('floor_reservations_status_check', sql`${table.status} in ('booked', 'arrived', 'no_show', 'cancelled')`),
    t.check('floor_reservations_time_slot', sql.raw(`"time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'`)),
    t.check('floor_reservations_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    t.check(
      'floor_reservations_deposit_check',
      sql`(${table.depositAmount} is null and ${table.depositStatus} is null) or (${table.depositAmount} > 0 and ${table.depositMethod} is not null and ${table.depositStatus} in ('held', 'applied', 'forfeited', 'credited', 'refunded', 'carried'))`,
    ),
  ],
);

/**
 * The time a therapist and a bed are taken, by a reservation or by an arrival in service: one row
 * each, so two exclusion constraints (hand-written in the migration, `btree_gist`) refuse an overlap
 * between any two of them (floor_bookings_therapist_excl, floor_bookings_bed_excl). The client's
 * time too (decision 0912): `client_id` is filled by a trigger from the row's arrival or reservation,
 * and floor_bookings_client_excl refuses two visits of one client that overlap, at any branch (a
 * tandem's two rows are one visit).
 */
export const floorBookings = t.pgTable(
  'floor_bookings',
  {
    id: t.serial('id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    therapistId: t.integer('therapist_id'),
    roomId: t.integer('room_id'),
    bed: t.integer('bed'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    reservationId: t.integer('reservation_id'),
    arrivalId: t.integer('arrival_id'),
    /** Whose visit it is: set by the floor_bookings_client trigger from the arrival or reservation, never by a service. */
    clientId: t.integer('client_id'),
    /** A requested therapist's service (out of turn): the line keeps their place. */
    requested: t.boolean('requested').notNull().default(false),
  },
  (table) => [
    t.foreignKey({ name: 'floor_bookings_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.foreignKey({ name: 'floor_bookings_therapist_fk', columns: [table.therapistId], foreignColumns: [employees.id] }),
    t.foreignKey({ name: 'floor_bookings_room_fk', columns: [table.roomId], foreignColumns: [rooms.id] }),
    t.foreignKey({ name: 'floor_bookings_client_fk', columns: [table.clientId], foreignColumns: [clients.id] }),
    t
      .foreignKey({
        name: 'floor_bookings_reservation_fk',
        columns: [table.reservationId],
        foreignColumns: [floorReservations.id],
      })
      .onDelete('cascade'),
    t
      .foreignKey({
        name: 'floor_bookings_arrival_fk',
        columns: [table.arrivalId],
        foreignColumns: [clientArrivals.id],
      })
      .onDelete('cascade'),
    t.index('floor_bookings_location_time_idx').on(table.locationId, table.startsAt),
    // The board's "still running or to come" (ends after now): a range of the day's bookings, not the branch's history.
    t.index('floor_bookings_location_end_idx').on(table.locationId, table.endsAt),
    t.uniqueIndex('floor_bookings_reservation_idx').on(table.reservationId),
    // One booking per therapist of an arrival: a tandem's two therapists each hold the time (decision 0909).
    t.uniqueIndex('floor_bookings_arrival_therapist_idx').on(table.arrivalId, table.therapistId),
    t.check('floor_bookings_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    t.check('floor_bookings_bed_check', sql`(${table.roomId} is null) = (${table.bed} is null)`),
    t.check('floor_bookings_what_check', sql`${table.therapistId} is not null or ${table.roomId} is not null`),
  ],
);

/** The floor's constraints in words (lib/constraints.ts); the exclusions are answered by the services, naming who. */
/**
 * What the floor board reads, versioned (decision 0904): one row per branch, raised once per
 * transaction that changes its floor, and row 0 for the names the board shows (clients,
 * employees, treatments, users, locations). Raised by triggers only (migration), read before
 * every board; a board is kept while both are unchanged.
 */
export const floorBoardVersion = t.pgTable('floor_board_version', {
  locationId: t.integer('location_id').primaryKey(),
  version: t.bigint('version', { mode: 'number' }).notNull().default(0),
});

export const floorConstraints = {
  shifts_one_open_idx: { kind: 'unique', message: 'This person is already clocked in.', field: 'employee' },
  floor_bookings_therapist_excl: {
    kind: 'exclusion',
    message: 'The therapist is already serving or booked at that time.',
    field: 'therapist',
  },
  floor_bookings_bed_excl: { kind: 'exclusion', message: 'That bed is already taken at that time.', field: 'room' },
  floor_bookings_client_excl: {
    kind: 'exclusion',
    message: 'The client is already booked at that time.',
    field: 'client',
  },
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
