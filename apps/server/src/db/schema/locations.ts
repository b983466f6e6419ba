import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { users } from './users';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/** `HH:mm` on the 15-minute grid (docs/product.md §5), enforced by the database too. */
const timeSlotCheck = (column: string) => sql.raw(`${column} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'`);

/** A branch of the spa. Names are unique regardless of case; a location in use is deactivated, not deleted. */
export const locations = t.pgTable(
  'locations',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 100 }).notNull(),
    address: t.varchar('address', { length: 300 }).notNull().default(''),
    /** Normalised to +63… (see contract normalizePhPhone); null when unknown. */
    phone: t.varchar('phone', { length: 16 }),
    openingTime: t.varchar('opening_time', { length: 5 }).notNull(),
    closingTime: t.varchar('closing_time', { length: 5 }).notNull(),
    /** The BIR's 5-digit branch code and the address it registered (issue 33); blank until filled in. */
    branchCode: t.varchar('branch_code', { length: 5 }).notNull().default(''),
    registeredAddress: t.varchar('registered_address', { length: 300 }).notNull().default(''),
    isActive: t.boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (table) => [
    t.uniqueIndex('locations_name_lower_idx').on(sql`lower(${table.name})`),
    t.check('locations_opening_time_slot', timeSlotCheck('opening_time')),
    t.check('locations_closing_time_slot', timeSlotCheck('closing_time')),
    t.check('locations_hours_differ', sql`${table.openingTime} <> ${table.closingTime}`),
  ],
);

/** Where a person works; a Manager's scope. A pure link: it goes with either side. */
export const userLocations = t.pgTable(
  'user_locations',
  {
    userId: t
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: t
      .integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    t.primaryKey({ columns: [table.userId, table.locationId] }),
    t.index('user_locations_location_idx').on(table.locationId),
  ],
);

export const locationConstraints = {
  locations_name_lower_idx: { kind: 'unique', message: 'A location with this name already exists.', field: 'name' },
  user_locations_location_id_locations_id_fk: {
    kind: 'foreignKey',
    table: 'user_locations',
    field: 'locations',
    missing: 'No such location.',
  },
} satisfies ConstraintSentences;
