import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = t.pgTable(
  'notifications',
  {
    id: t.serial('id').primaryKey(),
    recipientId: t
      .integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: t.integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: t.varchar('type', { length: 50 }).notNull(),
    title: t.varchar('title', { length: 120 }).notNull(),
    message: t.text('message').notNull(),
    link: t.varchar('link', { length: 300 }),
    data: t.jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** One id per notify() call: the live bus names the batch, not every row. */
    batch: t.varchar('batch', { length: 32 }).notNull(),
    isRead: t.boolean('is_read').notNull().default(false),
    requiresApproval: t.boolean('requires_approval').notNull().default(false),
    isApproved: t.boolean('is_approved'),
    decidedBy: t.integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: t.timestamp('decided_at', { withTimezone: true }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    t.index('notifications_recipient_id_idx').on(table.recipientId, table.id.desc()),
    t
      .index('notifications_unread_idx')
      .on(table.recipientId)
      .where(sql`${table.isRead} = false`),
    t.index('notifications_batch_idx').on(table.batch),
  ],
);
