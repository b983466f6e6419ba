import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = t.customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (logo, avatars) live in the database so every instance serves the same bytes.
 * `kind` decides who may read: 'logo' is public, others need a signed-in user.
 */
export const files = t.pgTable(
  'files',
  {
    id: t.serial('id').primaryKey(),
    kind: t.varchar('kind', { length: 20 }).notNull(),
    contentType: t.varchar('content_type', { length: 50 }).notNull(),
    size: t.integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: t.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [t.index('files_kind_idx').on(table.kind)],
);
