import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/** `HH:mm` on the 15-minute grid (docs/product.md §5), enforced by the database too. */
const timeSlotCheck = (column: string) => sql.raw(`${column} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'`);

/** A branch of the spa. Names are unique regardless of case; a location in use is deactivated, not deleted. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    address: varchar('address', { length: 300 }).notNull().default(''),
    /** Normalised to +63… (see contract normalizePhPhone); null when unknown. */
    phone: varchar('phone', { length: 16 }),
    openingTime: varchar('opening_time', { length: 5 }).notNull(),
    closingTime: varchar('closing_time', { length: 5 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('locations_name_lower_idx').on(sql`lower(${t.name})`),
    check('locations_opening_time_slot', timeSlotCheck('opening_time')),
    check('locations_closing_time_slot', timeSlotCheck('closing_time')),
    check('locations_hours_differ', sql`${t.openingTime} <> ${t.closingTime}`),
  ],
);

/** Where a person works; a Manager's scope. A pure link: it goes with either side. */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('user_locations_location_idx').on(t.locationId)],
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
