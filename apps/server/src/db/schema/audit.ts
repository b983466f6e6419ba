import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

export const auditLog = t.pgTable(
  'audit_log',
  {
    id: t.bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: t.integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: t.varchar('action', { length: 60 }).notNull(),
    tableName: t.varchar('table_name', { length: 60 }).notNull(),
    rowId: t.varchar('row_id', { length: 60 }),
    before: t.jsonb('before'),
    after: t.jsonb('after'),
    at: t.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    t.index('audit_log_table_row_idx').on(table.tableName, table.rowId),
    t.index('audit_log_at_idx').on(table.at),
  ],
);
