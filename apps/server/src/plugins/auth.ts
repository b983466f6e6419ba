import type { SQL } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GroupName } from '@ginhawa/contract';
import { HttpError, forbidden, unauthorized } from '../lib/http-error';
import { safeEqual } from '../lib/tokens';
import { hasAnyGroup, type Identity } from '../lib/actor';

/** A session, and so its cookies, lasts at most this long however active it is (modules/users/auth.service.ts). */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
/**
 * Behind TLS the cookies carry the `__Host-` prefix: the browser then only accepts them from a
 * secure origin with Path=/ and no Domain, so a sibling subdomain or a plain-HTTP hop cannot plant one.
 */
const HOST_PREFIX = '__Host-';
export const authCookieNames = (secure: boolean) =>
  secure
    ? { session: `${HOST_PREFIX}${SESSION_COOKIE}`, csrf: `${HOST_PREFIX}${CSRF_COOKIE}` }
    : { session: SESSION_COOKIE, csrf: CSRF_COOKIE };
export const CSRF_HEADER = 'x-csrftoken';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * Open to anyone; everything else under /api needs a signed-in user. A public route never
     * touches the session (health must answer while the database is down, whatever cookie the
     * browser sends) unless it also says `readsIdentity`.
     */
    public?: boolean;
    /** A public route that still reads who is signed in, if anyone is (sign-in, sign-out, a file). */
    readsIdentity?: boolean;
    /** Signed-in users in any of these groups (Admin always passes). */
    groups?: readonly GroupName[];
    /** Unsafe method that needs no CSRF header (login only). */
    csrfExempt?: boolean;
    /**
     * Open to a signed-in person whose password someone else set (who-am-I, the own password
     * change); every other call answers 403 until they choose their own (decision 0017).
     */
    beforeOwnPassword?: boolean;
    /**
     * A read the route wants in the same round trip as the session lookup (issue 35, decision
     * 0823): its row arrives as `identity.along` (null when it found none). Undefined (a query
     * the route will refuse, or a bearer token) leaves the route to read it itself.
     */
    alongSession?: (request: FastifyRequest) => AlongSession | undefined;
  }
}

/**
 * One row read beside the session (decision 0823): `query` selects at most one row, its values
 * `sql.placeholder`s named in `params` (never `tokenHash`); `name` names its shape, one prepared
 * statement per name, so the same name always comes with the same SQL text.
 */
export type AlongSession = { name: string; query: SQL; params: Record<string, unknown> };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 403 of every call a person whose password someone else set may not make yet (decision 0017). */
export const choosePasswordFirst = () =>
  new HttpError(403, 'Choose a new password before you go on.', {
    new_password: ['Your password was set by someone else. Choose your own to use the panel.'],
  });

/** What a request presents to say who it is: a bearer token, a session cookie, or neither. */
export type Credentials = { bearer?: string; session?: string; along?: AlongSession };

/** The credentials of a request: `Authorization: Bearer …` (or, for the socket, ?token=) and the session cookie. */
export const credentialsOf = (
  request: Pick<FastifyRequest, 'headers' | 'cookies'>,
  options: { cookieSecure: boolean; bearerFromQuery?: string },
): Credentials => {
  const header = request.headers.authorization;
  return {
    bearer: header?.startsWith('Bearer ') ? header.slice(7).trim() : options.bearerFromQuery,
    session: request.cookies[authCookieNames(options.cookieSecure).session],
  };
};

/**
 * Who presented the credentials, or null: the users module answers (its sessions and tokens),
 * handed in by app.ts, so this plugin stays below the modules (docs/architecture.md "Boundaries").
 */
export type Identify = (credentials: Credentials) => Promise<Identity | null>;

/**
 * Whether this request came over TLS, so its cookies are `__Host-` and `Secure`: always with
 * COOKIE_SECURE=1, or when a trusted proxy (TRUST_PROXY=1) says the browser used https.
 */
export const isSecureRequest = (
  request: Pick<FastifyRequest, 'protocol'>,
  env: { cookieSecure: boolean; trustProxy: boolean },
) => env.cookieSecure || (env.trustProxy && request.protocol === 'https');

/** The site's own origin as the browser names it, plus any configured extra origins. */
export const isSameSiteOrigin = (
  request: Pick<FastifyRequest, 'headers' | 'protocol'>,
  origin: string,
  extra: readonly string[] = [],
) => {
  const host = request.headers.host;
  return (
    origin === `${request.protocol}://${host}` ||
    origin === `http://${host}` ||
    origin === `https://${host}` ||
    extra.includes(origin)
  );
};

/**
 * A request another site made the browser send: Fetch Metadata says so, or the Origin is foreign
 * (including the opaque `null`). Requests without either header (old browsers, scripts, the
 * address bar) are not cross-site by this rule.
 */
export const isCrossSite = (request: Pick<FastifyRequest, 'headers' | 'protocol'>, extra: readonly string[] = []) => {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && !isSameSiteOrigin(request, origin, extra);
};

const sessionCookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_ABSOLUTE_SECONDS }) as const;
const csrfCookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: SESSION_ABSOLUTE_SECONDS }) as const;

/** Hands the browser a new session: the HttpOnly session cookie and the readable CSRF cookie. */
export const setAuthCookies = (reply: FastifyReply, session: { token: string; csrfToken: string }, secure: boolean) => {
  const names = authCookieNames(secure);
  void reply.setCookie(names.session, session.token, sessionCookieOptions(secure));
  void reply.setCookie(names.csrf, session.csrfToken, csrfCookieOptions(secure));
};

export const clearAuthCookies = (reply: FastifyReply, secure: boolean) => {
  const names = authCookieNames(secure);
  void reply.clearCookie(names.session, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  void reply.clearCookie(names.csrf, { path: '/', sameSite: 'lax', secure });
};

/**
 * Registered inside the /api context: identifies the caller, enforces the route's access rule
 * and, for cookie sessions, the CSRF header on every unsafe method. Secure by default.
 */
export const registerAuth = (
  app: FastifyInstance,
  deps: { identify: Identify; env: { cookieSecure: boolean; trustProxy: boolean } },
) => {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public && !config.readsIdentity) return;
    const cookieSecure = isSecureRequest(request, deps.env);
    const names = authCookieNames(cookieSecure);
    const along = config.alongSession?.(request);
    request.identity = await deps.identify({ ...credentialsOf(request, { cookieSecure }), along });
    const identity = request.identity;
    if (identity?.via === 'session' && UNSAFE.has(request.method) && !config.csrfExempt) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[names.csrf];
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, cookie) ||
        !safeEqual(cookie, identity.csrfToken)
      ) {
        throw forbidden('CSRF check failed: send the X-CSRFToken header with the csrftoken cookie value.');
      }
    }
    if (config.public) return;
    if (!identity) throw unauthorized();
    if (identity.user.mustChangePassword && !config.beforeOwnPassword) throw choosePasswordFirst();
    if (config.groups && !hasAnyGroup(identity.user, config.groups)) throw forbidden();
  });
};

/**
 * Who may call a route, as its OpenAPI operation says it (`x-access`): `anyone`, `signed in`, or
 * the groups that may (Admin always may). The role matrix is derived from it
 * (test/role-matrix.derived.test.ts), so a new route is in the matrix the moment it is documented.
 */
export type Access = 'anyone' | 'signed in' | readonly GroupName[];

export const accessOf = (config: FastifyContextConfig | undefined): Access =>
  config?.public ? 'anyone' : config?.groups ? config.groups : 'signed in';
