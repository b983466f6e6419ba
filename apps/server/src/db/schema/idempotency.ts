import { foreignKey, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A claimed Idempotency-Key of a money POST (db/idempotency.ts): the key belongs to the user who
 * sent it; `request_hash` is the SHA-256 of the route and the canonical request body, so only the
 * same request replays `response`. Inserted in the sale's own transaction: a parallel request
 * with the same key waits on the unique index and then replays the committed answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'idempotency_keys_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('idempotency_keys_user_key_key').on(t.userId, t.key),
  ],
);
