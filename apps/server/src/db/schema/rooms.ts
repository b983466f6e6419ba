import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';

/**
 * A room of a branch, as a resource of the floor board (issue 22): its beds are what a service or a
 * reservation occupies (floor_bookings, floor.ts). `kind` is a lower-cased word treatments name in
 * `room_kinds`; `rule` is who it takes (any, women, men).
 */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    beds: integer('beds').notNull().default(1),
    rule: varchar('rule', { length: 8 }).notNull().default('any'),
    isActive: boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (t) => [
    foreignKey({ name: 'rooms_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    uniqueIndex('rooms_location_name_idx').on(t.locationId, sql`lower(${t.name})`),
    check('rooms_beds_check', sql`${t.beds} between 1 and 20`),
    check('rooms_rule_check', sql`${t.rule} in ('any', 'women', 'men')`),
  ],
);

export const roomConstraints = {
  rooms_location_name_idx: { kind: 'unique', message: 'This branch already has a room with this name.', field: 'name' },
  rooms_location_fk: {
    kind: 'foreignKey',
    table: 'rooms',
    field: 'location',
    missing: 'No such location.',
    inUse: 'This location has rooms, so it cannot be deleted.',
  },
} satisfies ConstraintSentences;
