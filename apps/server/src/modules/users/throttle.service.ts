import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';
import { tooManyRequests } from '../../lib/http-error';
import { notify } from '../notifications/index';
import { activeAdminIds } from './admins.service';

/**
 * Failures allowed in a window before a key is locked for LOCK_SECONDS. Locks always expire.
 * An account is locked per address (a stranger's guesses do not lock its owner out elsewhere);
 * the account as a whole has a far higher limit, which slows a guess spread over many addresses
 * and tells the Admins when it trips (docs/decisions/0710-trust-api.md).
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAccount: 100,
  perAddress: 30,
} as const;

export type ThrottleKey = { key: string; limit: number; /** Admins hear when this key locks. */ alarm?: boolean };

const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;

export const throttleKeys = (username: string, ip: string): ThrottleKey[] => [
  { key: `${accountKey(username)}|ip:${ip}`, limit: THROTTLE.perAccountAndAddress },
  { key: accountKey(username), limit: THROTTLE.perAccount, alarm: true },
  { key: `ip:${ip}`, limit: THROTTLE.perAddress },
];

type Counted = { allowed: boolean; waitSeconds: number; attempts: number };

/**
 * Counts one attempt against each key and answers, per key, whether it may be checked: one upsert
 * for all of them (a sign-in's three keys are one round trip, not three). The count comes before
 * the password check, so parallel guesses cannot all read "not locked" first: the row locks order
 * them and only the first `limit` in a window get through. A window restarts once it is over and
 * no lock is running; reaching the limit starts the lock.
 */
export const countAttempts = async (db: DbOrTx, keys: ThrottleKey[]): Promise<Map<string, Counted>> => {
  const t = loginThrottle;
  // Each key's own limit, inside the one statement's SET (a row there knows only its key).
  const limit = sql`(case ${t.key} ${sql.join(
    keys.map((k) => sql`when ${k.key} then ${k.limit}::int`),
    sql` `,
  )} end)`;
  const lockEnd = sql`now() + make_interval(secs => ${THROTTLE.lockSeconds})`;
  const restart = sql`(${t.windowStartedAt} < now() - make_interval(secs => ${THROTTLE.windowSeconds}) and (${t.lockedUntil} is null or ${t.lockedUntil} <= now()))`;
  const next = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  const rows = await db
    .insert(t)
    .values(
      keys.map((k) => ({
        key: k.key,
        failures: 1,
        windowStartedAt: sql`now()`,
        lockedUntil: k.limit <= 1 ? lockEnd : null,
      })),
    )
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${restart} then now() else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${next} >= ${limit} and (${t.lockedUntil} is null or ${t.lockedUntil} <= now()) then ${lockEnd} when ${restart} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({
      key: t.key,
      attempts: t.failures,
      waitSeconds: sql<number>`coalesce(ceil(extract(epoch from (${t.lockedUntil} - now())))::int, 0)`,
    });
  const counted = new Map<string, Counted>();
  for (const k of keys) {
    const row = rows.find((r) => r.key === k.key);
    const attempts = Number(row?.attempts ?? 0);
    counted.set(k.key, {
      allowed: attempts <= k.limit,
      waitSeconds: Math.max(Number(row?.waitSeconds ?? 0), 1),
      attempts,
    });
  }
  return counted;
};

/**
 * A checked attempt that succeeded: the first key's failures are cleared (its row deleted) and the
 * others' counts taken back, so sign-ins never use up an address's allowance; below its limit
 * again, the lock a count started is lifted. One statement for all of them.
 */
export const acceptAttempt = async (db: DbOrTx, [cleared, ...given]: ThrottleKey[]) => {
  const t = loginThrottle;
  if (!cleared) return;
  if (given.length === 0) {
    await db.delete(t).where(eq(t.key, cleared.key));
    return;
  }
  const limit = sql`(case ${t.key} ${sql.join(
    given.map((k) => sql`when ${k.key} then ${k.limit}::int`),
    sql` `,
  )} end)`;
  await db.execute(
    sql`with cleared as (delete from ${t} where ${t.key} = ${cleared.key}) update ${t} set failures = greatest(${t.failures} - 1, 0), locked_until = case when ${t.failures} - 1 >= ${limit} then ${t.lockedUntil} else null end where ${inArray(
      t.key,
      given.map((k) => k.key),
    )}`,
  );
};

/** Tells every active Admin that an account's own limit tripped: many wrong passwords from many addresses. */
const alarmAdmins = async (db: DbOrTx, username: string) => {
  await notify(db, {
    recipients: await activeAdminIds(db),
    actorId: null,
    type: 'security',
    title: 'Many failed sign-ins',
    message: `${THROTTLE.perAccount} wrong passwords for "${username.trim()}" in ${THROTTLE.windowSeconds / 60} minutes, from several addresses. Sign-ins to it wait ${THROTTLE.lockSeconds / 60} minutes.`,
    data: { username: username.trim().toLowerCase() },
  });
};

/**
 * Counts one password check for `username` from `ip` before it is made (sign-in and a person's
 * own password change alike): a 429 when any of its keys is locked. Answers the keys, to give
 * back with `passwordAccepted` when the password was right.
 */
export const countPasswordAttempt = async (
  db: DbOrTx,
  username: string,
  ip: string,
  what: 'sign-in' | 'password',
): Promise<ThrottleKey[]> => {
  const keys = throttleKeys(username, ip);
  const counted = await countAttempts(db, keys);
  for (const k of keys) if (k.alarm && counted.get(k.key)?.attempts === k.limit) await alarmAdmins(db, username);
  const refused = [...counted.values()].filter((c) => !c.allowed);
  if (refused.length > 0) {
    const wait = Math.max(...refused.map((c) => c.waitSeconds));
    throw tooManyRequests(`Too many failed ${what} attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  return keys;
};

/** A right password clears its account-and-address failures and gives back the other counts. */
export const passwordAccepted = (db: DbOrTx, keys: ThrottleKey[]) => acceptAttempt(db, keys);
