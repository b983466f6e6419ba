import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 50 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    message: text('message').notNull(),
    link: varchar('link', { length: 300 }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** One id per notify() call: the live bus names the batch, not every row. */
    batch: varchar('batch', { length: 32 }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    isApproved: boolean('is_approved'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_id_idx').on(t.recipientId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.isRead} = false`),
    index('notifications_batch_idx').on(t.batch),
  ],
);
