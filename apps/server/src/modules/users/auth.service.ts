import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { MyData } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { groups, refreshTokens, sessions, tokenFamilies, userGroups, users } from '../../db/schema/index';
import { audit, auditFrom } from '../../db/audit';
import { preparedOnce } from '../../lib/prepared';
import { publish } from '../../plugins/bus';
import { SESSION_ABSOLUTE_SECONDS, type AlongSession, type Credentials } from '../../plugins/auth';
import { badRequest, unauthorized } from '../../lib/http-error';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuthUser, Identity } from '../../lib/actor';
import { authUserColumns, personFields } from '../../db/actors';
import { getDecoyHash, verifyPassword } from './passwords';
import { SESSION_IDLE_SECONDS, sessionIsLive } from './sessions.service';
import { countPasswordAttempt, passwordAccepted } from './throttle.service';

const SESSION_TOUCH_SECONDS = 60;
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

const INVALID_CREDENTIALS = 'Invalid username or password.';

export const toMyData = (u: AuthUser): MyData => ({
  ...personFields(u),
  groups: u.groups,
  locations: u.locations,
  must_change_password: u.mustChangePassword,
});

/**
 * Checks a username and password under the login throttle. The attempt is counted against the
 * username and the address before any password work, atomically, so a burst of parallel guesses
 * gets at most the limit checked (the rest 429). A success takes its count back and clears the
 * username's failures.
 */
export const authenticate = async (db: Db, username: string, password: string, ip: string): Promise<AuthUser> => {
  const keys = await countPasswordAttempt(db, username, ip, 'sign-in');
  const [row] = await db
    .select({ ...authUserColumns, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  const ok = await verifyPassword(row?.passwordHash ?? (await getDecoyHash()), password);
  if (!row || !ok || !row.isActive) {
    throw badRequest(
      row && ok && !row.isActive ? 'This account is deactivated. Ask an administrator.' : INVALID_CREDENTIALS,
    );
  }
  await passwordAccepted(db, keys);
  const { passwordHash: _hash, isActive: _active, ...user } = row;
  return user;
};

/**
 * A new session for a person who just proved who they are: the session row, their last sign-in
 * and the audit row, in one statement (atomic like the transaction it replaces, one round trip
 * instead of five: decision 1065).
 */
export const createSession = async (db: DbOrTx, userId: number, meta: { ip: string; userAgent?: string }) => {
  const token = randomToken();
  const csrfToken = randomToken();
  await db.execute(
    sql`with created as (insert into ${sessions} (token_hash, csrf_token, user_id, expires_at, ip, user_agent) values (${sha256(token)}, ${csrfToken}, ${userId}, now() + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS}), ${meta.ip.slice(0, 64)}, ${meta.userAgent?.slice(0, 300) ?? null}) returning id), signed_in as (update ${users} set last_login = now() where id = ${userId}) ${auditFrom({ actorId: userId, action: 'login', tableName: 'sessions' }, sql`created`, sql`created.id`)}`,
  );
  return { token, csrfToken };
};

/** The route's reads beside the session, by name (decision 0823): each name's SQL, as first given. */
const alongQueries = new Map<string, SQL>();

/** The signed-in person behind a session cookie, or null if it is unknown, expired or idle too long. */
// Every request runs this one: prepared once (lib/prepared.ts), once more per `along` shape: the
// route's row as JSON in a scalar subquery of the same statement (one round trip, decision 0823).
const sessionStatement = preparedOnce('resolve_session', (db, name, shape) => {
  const along = shape ? alongQueries.get(shape) : undefined;
  return db
    .select({
      ...authUserColumns,
      sessionId: sessions.id,
      csrfToken: sessions.csrfToken,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})`,
      along: along
        ? sql<Record<string, unknown> | null>`(select row_to_json(along) from (${along}) along)`
        : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), sessionIsLive))
    .prepare(name);
});

export const resolveSession = async (db: Db, token: string, along?: AlongSession): Promise<Identity | null> => {
  if (along && !alongQueries.has(along.name)) alongQueries.set(along.name, along.query);
  const [row] = await sessionStatement(db, along?.name).execute({ ...along?.params, tokenHash: sha256(token) });
  if (!row) return null;
  if (row.stale)
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.sessionId));
  const { sessionId, csrfToken, stale: _stale, along: alongRow, ...user } = row;
  const identity: Identity = { user, via: 'session', sessionId, csrfToken };
  if (along)
    identity.along = typeof alongRow === 'string' ? (JSON.parse(alongRow) as Record<string, unknown>) : alongRow;
  return identity;
};

/**
 * Many session cookies in one statement (the live channel's handshakes of one turn of the event
 * loop, decision 1048): each live session's identity, keyed by the token presented, as
 * resolveSession gives it; unknown, expired and idle ones are absent.
 */
const sessionsStatement = preparedOnce('resolve_sessions', (db, name) =>
  db
    .select({
      ...authUserColumns,
      sessionId: sessions.id,
      csrfToken: sessions.csrfToken,
      tokenHash: sessions.tokenHash,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::varchar[])`, sessionIsLive))
    .prepare(name),
);

export const resolveSessions = async (db: Db, tokens: string[]): Promise<Map<string, Identity>> => {
  const tokenOf = new Map(tokens.map((token) => [sha256(token), token]));
  const found = new Map<string, Identity>();
  if (tokenOf.size === 0) return found;
  const rows = await sessionsStatement(db).execute({ tokenHashes: [...tokenOf.keys()] });
  const stale: number[] = [];
  for (const row of rows) {
    const { sessionId, csrfToken, stale: isStale, tokenHash, ...user } = row;
    if (isStale) stale.push(sessionId);
    found.set(tokenOf.get(tokenHash)!, { user, via: 'session', sessionId, csrfToken });
  }
  if (stale.length > 0)
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(inArray(sessions.id, stale));
  return found;
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
    .where(
      or(
        lt(sessions.expiresAt, sql`now()`),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
      ),
    );
  // A family past its newest refresh token's expiry has no token left that verifies; its rows go with it.
  await db.delete(tokenFamilies).where(lt(tokenFamilies.expiresAt, sql`now()`));
};

// ---- bearer tokens for scripts -------------------------------------------------------------

type TokenKind = 'access' | 'refresh';

const REUSED_REFRESH = 'This refresh token has already been used, so its sign-in has been ended. Sign in again.';

type Claims = { userId: number; version: number; familyId: number; jti: string; expiresAt: number };

/** The claims of a token of this kind signed with `key`; 401 when expired, forged or of the wrong kind. */
const readClaims = async (key: Uint8Array, token: string, kind: TokenKind): Promise<Claims> => {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const { typ, ver, fam, sub, jti } = payload;
    const userId = Number(sub);
    if (
      typ !== kind ||
      typeof ver !== 'number' ||
      typeof fam !== 'number' ||
      !Number.isSafeInteger(fam) ||
      !Number.isSafeInteger(userId) ||
      typeof jti !== 'string'
    ) {
      throw unauthorized('This token is not valid.');
    }
    return { userId, version: ver, familyId: fam, jti, expiresAt: (payload.exp ?? 0) * 1000 };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('This token has expired.');
    throw unauthorized('This token is not valid.');
  }
};

/** The user behind a live family: active, same password since, family neither revoked nor expired. */
const userOfFamily = async (db: DbOrTx, claims: Claims) => {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .innerJoin(tokenFamilies, eq(tokenFamilies.userId, users.id))
    .where(
      and(
        eq(users.id, claims.userId),
        eq(users.isActive, true),
        eq(users.authVersion, claims.version),
        eq(tokenFamilies.id, claims.familyId),
        isNull(tokenFamilies.revokedAt),
        gt(tokenFamilies.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
};

/**
 * JWTs carry the user, their `auth_version` and a family id (`fam`). Every refresh token is a row
 * that may be spent once; access tokens are checked against their family's row, so revoking the
 * family (logout, or reuse of a spent refresh token) ends them at once on every instance.
 */
export const createTokenSigner = (secretKey: string) => {
  const key = new TextEncoder().encode(secretKey);

  const sign = async (claims: { userId: number; version: number; familyId: number; jti: string }, kind: TokenKind) =>
    new SignJWT({ typ: kind, ver: claims.version, fam: claims.familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setJti(claims.jti)
      .setExpirationTime(`${kind === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS}s`)
      .sign(key);

  /** Verifies an access token: signature, expiry, kind, and that its family and user are still good. */
  const verify = async (db: Db, token: string): Promise<{ user: AuthUser; expiresAt: number; familyId: number }> => {
    const claims = await readClaims(key, token, 'access');
    const user = await userOfFamily(db, claims);
    if (!user) throw unauthorized('This token is no longer valid.');
    return { user, expiresAt: claims.expiresAt, familyId: claims.familyId };
  };

  /** Adds a refresh row to the family and signs the pair; the family lives as long as its newest refresh token. */
  const mint = async (tx: DbOrTx, userId: number, version: number, familyId: number) => {
    const refreshJti = randomToken().slice(0, 32);
    await tx
      .insert(refreshTokens)
      .values({ jti: refreshJti, familyId, expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_SECONDS})` });
    await tx
      .update(tokenFamilies)
      .set({ expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_SECONDS})` })
      .where(eq(tokenFamilies.id, familyId));
    return {
      access: await sign({ userId, version, familyId, jti: randomToken().slice(0, 32) }, 'access'),
      refresh: await sign({ userId, version, familyId, jti: refreshJti }, 'refresh'),
    };
  };

  /** A new family for a sign-in by credentials. */
  const issuePair = async (db: Db, userId: number) =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ ver: users.authVersion }).from(users).where(eq(users.id, userId));
      if (!row) throw unauthorized('This token is no longer valid.');
      const [family] = await tx
        .insert(tokenFamilies)
        .values({ userId, expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_SECONDS})` })
        .returning({ id: tokenFamilies.id });
      return mint(tx, userId, row.ver, family!.id);
    });

  /**
   * Spends a refresh token for a new pair in the same family (OAuth 2.0 Security BCP rotation).
   * The spend is one conditional UPDATE, so of two parallel presentations only one can win; a
   * token that was already spent revokes its whole family (it has been stolen or replayed).
   */
  const refresh = async (db: Db, token: string) => {
    const claims = await readClaims(key, token, 'refresh');
    const outcome = await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.jti, claims.jti),
            eq(refreshTokens.familyId, claims.familyId),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ jti: refreshTokens.jti });
      if (!spent) {
        const [known] = await tx
          .select({ usedAt: refreshTokens.usedAt })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.jti, claims.jti), eq(refreshTokens.familyId, claims.familyId)));
        return known?.usedAt ? ('reused' as const) : ('unknown' as const);
      }
      const user = await userOfFamily(tx, claims);
      if (!user) return 'unknown' as const;
      return mint(tx, user.id, claims.version, claims.familyId);
    });
    if (outcome === 'unknown') throw unauthorized('This token is no longer valid.');
    if (outcome === 'reused') {
      // Outside the transaction above, which only read: the revocation must stick.
      await revokeFamily(db, claims.familyId, claims.userId, 'token_reuse');
      throw unauthorized(REUSED_REFRESH);
    }
    return outcome;
  };

  return { verify, issuePair, refresh };
};

/** Ends one bearer sign-in: every access and refresh token of the family stops working. */
export const revokeFamily = async (db: Db, familyId: number, actorId: number, action: 'logout' | 'token_reuse') => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tokenFamilies)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)))
      .returning({ id: tokenFamilies.id });
    if (!row) return;
    await audit(tx, { actorId, action, tableName: 'token_families', rowId: familyId });
    // Sockets opened with this family's access token close too, on every instance.
    await publish(tx, { t: 'close', user: actorId, family: familyId });
  });
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const listGroupsOf = async (db: Db, userId: number) =>
  db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .innerJoin(userGroups, eq(userGroups.groupId, groups.id))
    .where(eq(userGroups.userId, userId))
    .orderBy(groups.id);

export const findUsersByIds = (db: Db, ids: number[]) =>
  db.select(authUserColumns).from(users).where(inArray(users.id, ids));

/**
 * Who presented these credentials (plugins/auth.ts reads them off the request): a bearer token
 * wins over the session cookie; neither gives null.
 */
export const resolveIdentity = async (
  db: Db,
  tokens: TokenSigner,
  credentials: Credentials,
): Promise<Identity | null> => {
  if (credentials.bearer) return { ...(await tokens.verify(db, credentials.bearer)), via: 'bearer' };
  if (!credentials.session || credentials.session.length > 200) return null;
  return resolveSession(db, credentials.session, credentials.along);
};
