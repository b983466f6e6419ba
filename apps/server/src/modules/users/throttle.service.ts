import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';

/** Failures allowed in a window before a key is locked for LOCK_SECONDS. Locks always expire. */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  perUsername: 5,
  perAddress: 30,
} as const;

export type ThrottleKey = { key: string; limit: number };

export const throttleKeys = (username: string, ip: string): ThrottleKey[] => [
  { key: `user:${username.trim().toLowerCase()}`, limit: THROTTLE.perUsername },
  { key: `ip:${ip}`, limit: THROTTLE.perAddress },
];

/**
 * Counts one attempt against `key` and answers whether it may be checked, in one upsert. The
 * count comes before the password check, so parallel guesses cannot all read "not locked" first:
 * the row lock orders them and only the first `limit` in a window get through. The window
 * restarts once it is over and no lock is running; reaching the limit starts the lock.
 */
export const countAttempt = async (
  db: DbOrTx,
  { key, limit }: ThrottleKey,
): Promise<{ allowed: boolean; waitSeconds: number }> => {
  const t = loginThrottle;
  const lockEnd = sql`now() + make_interval(secs => ${THROTTLE.lockSeconds})`;
  const restart = sql`(${t.windowStartedAt} < now() - make_interval(secs => ${THROTTLE.windowSeconds}) and (${t.lockedUntil} is null or ${t.lockedUntil} <= now()))`;
  const next = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, lockedUntil: limit <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${restart} then now() else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${limit} and (${t.lockedUntil} is null or ${t.lockedUntil} <= now()) then ${lockEnd} when ${restart} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({
      attempts: t.failures,
      waitSeconds: sql<number>`coalesce(ceil(extract(epoch from (${t.lockedUntil} - now())))::int, 0)`,
    });
  const attempts = Number(row?.attempts ?? 0);
  return { allowed: attempts <= limit, waitSeconds: Math.max(Number(row?.waitSeconds ?? 0), 1) };
};

/**
 * A checked attempt that succeeded takes its count back, so sign-ins never use up an address's
 * allowance; below the limit again, the lock its count started is lifted.
 */
export const uncountAttempt = async (db: DbOrTx, { key, limit }: ThrottleKey) => {
  const t = loginThrottle;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      lockedUntil: sql`case when ${t.failures} - 1 >= ${limit} then ${t.lockedUntil} else null end`,
    })
    .where(eq(t.key, key));
};

export const clearFailures = async (db: DbOrTx, key: string) => {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
};
