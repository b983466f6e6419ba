import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { MyData } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { groups, sessions, userGroups, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { publish } from '../../plugins/bus';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-error';
import { randomToken, sha256 } from '../../lib/tokens';
import { getDecoyHash, verifyPassword } from './passwords';
import { clearFailures, lockedForSeconds, recordFailure, throttleKeys } from './throttle.service';

export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
const SESSION_TOUCH_SECONDS = 60;
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export type AuthUser = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  groups: string[];
  /** Where the person works (a Manager's scope), by name. */
  locations: { id: number; name: string }[];
};

export type Identity =
  | { user: AuthUser; via: 'session'; sessionId: number; csrfToken: string }
  | { user: AuthUser; via: 'bearer'; /** ms since epoch */ expiresAt: number };

const INVALID_CREDENTIALS = 'Invalid username or password.';

// Qualified by hand: drizzle leaves columns unqualified in single-table selects.
const groupNames = sql<string[]>`coalesce((select array_agg(g.name order by g.id) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = "users"."id"), '{}')`;

const locationList = sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name) from user_locations ul join locations l on l.id = ul.location_id where ul.user_id = "users"."id"), '[]'::json)`;

const authUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatar: users.avatar,
  groups: groupNames,
  locations: locationList,
};

export const toMyData = (u: AuthUser): MyData => ({
  id: u.id,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  avatar: u.avatar,
  groups: u.groups,
  locations: u.locations,
});

/**
 * Checks a username and password under the login throttle: a locked username or address gets 429
 * before any password work; a failure counts against both; a success clears the username's count.
 */
export const authenticate = async (db: Db, username: string, password: string, ip: string): Promise<AuthUser> => {
  const keys = throttleKeys(username, ip);
  const wait = await lockedForSeconds(
    db,
    keys.map((k) => k.key),
  );
  if (wait > 0) {
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }
  const [row] = await db
    .select({ ...authUserColumns, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  const ok = await verifyPassword(row?.passwordHash ?? (await getDecoyHash()), password);
  if (!row || !ok || !row.isActive) {
    for (const k of keys) await recordFailure(db, k.key, k.limit);
    throw badRequest(row && ok && !row.isActive ? 'This account is deactivated. Ask an administrator.' : INVALID_CREDENTIALS);
  }
  await clearFailures(db, keys[0]!.key);
  const { passwordHash: _hash, isActive: _active, ...user } = row;
  return user;
};

export const createSession = async (db: Db, userId: number, meta: { ip: string; userAgent?: string }) => {
  const token = randomToken();
  const csrfToken = randomToken();
  await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        tokenHash: sha256(token),
        csrfToken,
        userId,
        expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`,
        ip: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId));
    await audit(tx, { actorId: userId, action: 'login', tableName: 'sessions', rowId: session?.id });
  });
  return { token, csrfToken };
};

/** The signed-in person behind a session cookie, or null if it is unknown, expired or idle too long. */
export const resolveSession = async (db: Db, token: string): Promise<Identity | null> => {
  const [row] = await db
    .select({
      ...authUserColumns,
      sessionId: sessions.id,
      csrfToken: sessions.csrfToken,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
        eq(users.isActive, true),
      ),
    );
  if (!row) return null;
  if (row.stale) await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  const { sessionId, csrfToken, stale: _stale, ...user } = row;
  return { user, via: 'session', sessionId, csrfToken };
};

export const deleteSession = async (db: Db, sessionId: number, actorId: number) => {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await audit(tx, { actorId, action: 'logout', tableName: 'sessions', rowId: sessionId });
    await publish(tx, { t: 'close', user: actorId, session: sessionId });
  });
};

/** Ends every session and bearer token of a user (password change, deactivation). */
export const endAllSessions = async (db: DbOrTx, userId: number) => {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .update(users)
    .set({ authVersion: sql`${users.authVersion} + 1` })
    .where(eq(users.id, userId));
  await publish(db, { t: 'close', user: userId });
};

export const purgeExpiredSessions = async (db: Db) => {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)));
};

// ---- bearer tokens for scripts -------------------------------------------------------------

type TokenKind = 'access' | 'refresh';

export const createTokenSigner = (secretKey: string) => {
  const key = new TextEncoder().encode(secretKey);

  const sign = async (userId: number, authVersion: number, kind: TokenKind) =>
    new SignJWT({ typ: kind, ver: authVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setJti(randomToken().slice(0, 16))
      .setExpirationTime(`${kind === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS}s`)
      .sign(key);

  /** Verifies signature, expiry and kind, and that the user is active and has not changed password since. */
  const verify = async (db: Db, token: string, kind: TokenKind): Promise<{ user: AuthUser; expiresAt: number }> => {
    let userId: number;
    let version: number;
    let expiresAt: number;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.typ !== kind || typeof payload.ver !== 'number' || !payload.sub) throw unauthorized('This token is not valid.');
      userId = Number(payload.sub);
      version = payload.ver;
      expiresAt = (payload.exp ?? 0) * 1000;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('This token has expired.');
      throw unauthorized('This token is not valid.');
    }
    const [row] = await db
      .select(authUserColumns)
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true), eq(users.authVersion, version)));
    if (!row) throw unauthorized('This token is no longer valid.');
    return { user: row, expiresAt };
  };

  const issuePair = async (db: Db, userId: number) => {
    const [row] = await db.select({ ver: users.authVersion }).from(users).where(eq(users.id, userId));
    if (!row) throw unauthorized('This token is no longer valid.');
    return { access: await sign(userId, row.ver, 'access'), refresh: await sign(userId, row.ver, 'refresh') };
  };

  return { verify, issuePair };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const listGroupsOf = async (db: Db, userId: number) =>
  db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .innerJoin(userGroups, eq(userGroups.groupId, groups.id))
    .where(eq(userGroups.userId, userId))
    .orderBy(groups.id);

export const findUsersByIds = (db: Db, ids: number[]) => db.select(authUserColumns).from(users).where(inArray(users.id, ids));
