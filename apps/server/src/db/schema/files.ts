import { customType, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (logo, avatars) live in the database so every instance serves the same bytes.
 * `kind` decides who may read: 'logo' is public, others need a signed-in user.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    contentType: varchar('content_type', { length: 50 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_kind_idx').on(t.kind)],
);
