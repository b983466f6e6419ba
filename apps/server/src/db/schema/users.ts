import { sql } from 'drizzle-orm';
import type { ConstraintSentences } from '../constraint-sentences';
import * as t from 'drizzle-orm/pg-core';

export const users = t.pgTable(
  'users',
  {
    id: t.serial('id').primaryKey(),
    username: t.varchar('username', { length: 150 }).notNull(),
    firstName: t.varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: t.varchar('last_name', { length: 100 }).notNull().default(''),
    email: t.varchar('email', { length: 254 }).notNull().default(''),
    avatar: t.text('avatar'),
    isActive: t.boolean('is_active').notNull().default(true),
    passwordHash: t.text('password_hash').notNull(),
    /** Bumped on password change and deactivation: bearer tokens minted before it stop working. */
    authVersion: t.integer('auth_version').notNull().default(1),
    /**
     * The password was set by someone else (an Admin creating the login or resetting it, or the
     * first Admin of a real business from ADMIN_PASSWORD): until the person chooses their own, a
     * session reaches only who-am-I, the own password change and sign-out (decision 0017).
     */
    mustChangePassword: t.boolean('must_change_password').notNull().default(false),
    lastLogin: t.timestamp('last_login', { withTimezone: true }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: t.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [t.uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`)],
);

export const groups = t.pgTable('groups', {
  id: t.serial('id').primaryKey(),
  name: t.varchar('name', { length: 50 }).notNull().unique(),
});

export const userGroups = t.pgTable(
  'user_groups',
  {
    userId: t
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: t
      .integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    t.primaryKey({ columns: [table.userId, table.groupId] }),
    t.index('user_groups_group_idx').on(table.groupId),
  ],
);

export const sessions = t.pgTable(
  'sessions',
  {
    id: t.serial('id').primaryKey(),
    /** SHA-256 of the cookie value; the cookie itself is never stored. */
    tokenHash: t.varchar('token_hash', { length: 64 }).notNull().unique(),
    csrfToken: t.varchar('csrf_token', { length: 64 }).notNull(),
    userId: t
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: t.timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: t.timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: t.varchar('ip', { length: 64 }),
    userAgent: t.varchar('user_agent', { length: 300 }),
  },
  (table) => [t.index('sessions_user_idx').on(table.userId), t.index('sessions_expires_idx').on(table.expiresAt)],
);

/** Failed sign-in counters, per username and per client address, shared by every instance. */
export const loginThrottle = t.pgTable('login_throttle', {
  key: t.varchar('key', { length: 200 }).primaryKey(),
  failures: t.integer('failures').notNull().default(0),
  windowStartedAt: t.timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: t.timestamp('locked_until', { withTimezone: true }),
});

export const userConstraints = {
  users_username_lower_idx: { kind: 'unique', message: 'A user with this username already exists.', field: 'username' },
  user_groups_group_id_groups_id_fk: {
    kind: 'foreignKey',
    table: 'user_groups',
    field: 'groups',
    missing: 'No such group.',
  },
} satisfies ConstraintSentences;
