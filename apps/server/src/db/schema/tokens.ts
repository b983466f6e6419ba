import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One bearer sign-in (`POST /users/token/`) and every pair refreshed from it. Revoking the family
 * (logout, reuse of a spent refresh token) ends all its access and refresh tokens at once, on
 * every instance, because access tokens are checked against this row.
 */
export const tokenFamilies = t.pgTable(
  'token_families',
  {
    id: t.serial('id').primaryKey(),
    userId: t
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the newest refresh token of the family expires; after that no token of it verifies. */
    expiresAt: t.timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: t.timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    t.index('token_families_user_idx').on(table.userId),
    t.index('token_families_expires_idx').on(table.expiresAt),
  ],
);

/** Refresh tokens by `jti`: each may be spent once (`used_at`); presenting a spent one revokes the family. */
export const refreshTokens = t.pgTable(
  'refresh_tokens',
  {
    jti: t.varchar('jti', { length: 64 }).primaryKey(),
    familyId: t
      .integer('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: t.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: t.timestamp('used_at', { withTimezone: true }),
  },
  (table) => [t.index('refresh_tokens_family_idx').on(table.familyId)],
);
