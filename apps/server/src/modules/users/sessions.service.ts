import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';

/** A session ends after 12 hours without a request. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;

/**
 * The one definition of "this session still counts": not past its absolute expiry, not idle
 * longer than SESSION_IDLE_SECONDS, and its person still active. Every check of a session
 * (the sign-in cookie, the live channel's periodic check) uses this fragment.
 */
export const sessionIsLive = and(
  gt(sessions.expiresAt, sql`now()`),
  gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  sql`exists (select 1 from users u where u.id = "sessions"."user_id" and u.is_active)`,
)!;

/** Which of these session ids still count (see sessionIsLive). */
export const liveSessionIds = async (db: Db, ids: number[]): Promise<Set<number>> => {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), sessionIsLive));
  return new Set(rows.map((r) => r.id));
};
