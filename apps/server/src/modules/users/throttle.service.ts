import { and, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';

/** Failures allowed in a window before a key is locked for LOCK_SECONDS. Locks always expire. */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  perUsername: 5,
  perAddress: 30,
} as const;

export const throttleKeys = (username: string, ip: string) => [
  { key: `user:${username.trim().toLowerCase()}`, limit: THROTTLE.perUsername },
  { key: `ip:${ip}`, limit: THROTTLE.perAddress },
];

/** Seconds until the longest active lock among `keys` ends, or 0 when none is locked. */
export const lockedForSeconds = async (db: DbOrTx, keys: string[]): Promise<number> => {
  const rows = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))::int` })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), gt(loginThrottle.lockedUntil, sql`now()`)));
  return rows.reduce((max, r) => Math.max(max, Number(r.seconds)), 0);
};

export const recordFailure = async (db: DbOrTx, key: string, limit: number) => {
  const expired = sql`${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE.windowSeconds})`;
  const next = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, lockedUntil: limit <= 1 ? sql`now() + make_interval(secs => ${THROTTLE.lockSeconds})` : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${limit} then now() + make_interval(secs => ${THROTTLE.lockSeconds}) else ${loginThrottle.lockedUntil} end`,
      },
    });
};

export const clearFailures = async (db: DbOrTx, key: string) => {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [key]));
};
