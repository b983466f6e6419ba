import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A claimed Idempotency-Key of a money POST (db/idempotency.ts): the key belongs to the user who
 * sent it; `request_hash` is the SHA-256 of the route and the canonical request body, so only the
 * same request replays `response`. Inserted in the sale's own transaction: a parallel request
 * with the same key waits on the unique index and then replays the committed answer.
 */
export const idempotencyKeys = t.pgTable(
  'idempotency_keys',
  {
    id: t.serial('id').primaryKey(),
    userId: t.integer('user_id').notNull(),
    key: t.varchar('key', { length: 100 }).notNull(),
    requestHash: t.varchar('request_hash', { length: 64 }).notNull(),
    response: t.jsonb('response').notNull().default({}),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    t
      .foreignKey({ name: 'idempotency_keys_user_fk', columns: [table.userId], foreignColumns: [users.id] })
      .onDelete('cascade'),
    t.uniqueIndex('idempotency_keys_user_key_key').on(table.userId, table.key),
  ],
);
