import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One bearer sign-in (`POST /users/token/`) and every pair refreshed from it. Revoking the family
 * (logout, reuse of a spent refresh token) ends all its access and refresh tokens at once, on
 * every instance, because access tokens are checked against this row.
 */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the newest refresh token of the family expires; after that no token of it verifies. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('token_families_user_idx').on(t.userId), index('token_families_expires_idx').on(t.expiresAt)],
);

/** Refresh tokens by `jti`: each may be spent once (`used_at`); presenting a spent one revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    familyId: integer('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);
