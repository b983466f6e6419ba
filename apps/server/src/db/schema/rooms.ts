import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';

/**
 * A room of a branch, as a resource of the floor board (issue 22): its beds are what a service or a
 * reservation occupies (floor_bookings, floor.ts). `kind` is a lower-cased word treatments name in
 * `room_kinds`; `rule` is who it takes (any, women, men).
 */
export const rooms = t.pgTable(
  'rooms',
  {
    id: t.serial('id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    name: t.varchar('name', { length: 60 }).notNull(),
    kind: t.varchar('kind', { length: 40 }).notNull(),
    beds: t.integer('beds').notNull().default(1),
    rule: t.varchar('rule', { length: 8 }).notNull().default('any'),
    isActive: t.boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (table) => [
    t.foreignKey({ name: 'rooms_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.uniqueIndex('rooms_location_name_idx').on(table.locationId, sql`lower(${table.name})`),
    t.check('rooms_beds_check', sql`${table.beds} between 1 and 20`),
    t.check('rooms_rule_check', sql`${table.rule} in ('any', 'women', 'men')`),
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
