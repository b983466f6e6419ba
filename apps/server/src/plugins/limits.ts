import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import { HttpError, tooManyRequests } from '../lib/http-error';
import { credentialsOf, isSecureRequest } from './auth';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler: liveness answers however loaded the process is. */
    pressureHandler?: () => undefined;
  }
}

/** What the request limits and the load shedder allow (plugins/env.ts; 0 turns one off). */
export type LimitsEnv = {
  cookieSecure: boolean;
  trustProxy: boolean;
  /** API requests per minute from one session (cookie or bearer token). */
  rateLimitPerSession: number;
  /** API requests per minute from one address, whoever signs in there. */
  rateLimitPerAddress: number;
  /** WebSocket handshakes per second this instance admits, all callers together. */
  wsHandshakesPerSecond: number;
  /** Mean event-loop delay (ms) over which requests are shed with 503. */
  maxEventLoopDelayMs: number;
  /** How often the event loop is sampled (ms). */
  loadSampleMs: number;
};

const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;
/** How long a shed request is told to wait: long enough for a burst to pass. */
export const SHED_RETRY_AFTER_SECONDS = 5;

const SHED_MESSAGE = 'The server is busy. Please try again in a moment.';
const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const HANDSHAKES = 'Too many screens are connecting at once. Please try again in a moment.';

/** Readiness and liveness are for load balancers, which call them from one address all day. */
const isHealth = (pathname: string) => pathname === '/api/health/' || pathname === '/api/health/live/';

/** The session a request presents, hashed: the limiter's memory holds no usable credential. */
const sessionKey = (request: FastifyRequest, env: LimitsEnv) => {
  const { bearer, session } = credentialsOf(request, { cookieSecure: isSecureRequest(request, env) });
  const credential = bearer ?? session;
  return credential ? createHash('sha256').update(credential).digest('base64url') : undefined;
};

/** The longest a refused handshake is told to wait. */
const MAX_HANDSHAKE_WAIT_SECONDS = 60;

/**
 * Admits `perSecond` handshakes in each clock second; the n-th refused in a second is told to come
 * back in 1 + n/perSecond seconds, so a crowd refused together returns spread over the seconds
 * after, at about the rate admitted. Returns 0 (admitted) or the seconds to wait.
 */
export const handshakeAdmission = (perSecond: number) => {
  let second = -1;
  let admitted = 0;
  let refused = 0;
  return (nowMs: number) => {
    const now = Math.floor(nowMs / SECOND_MS);
    if (now !== second) {
      second = now;
      admitted = 0;
      refused = 0;
    }
    if (admitted < perSecond) {
      admitted += 1;
      return 0;
    }
    refused += 1;
    return Math.min(MAX_HANDSHAKE_WAIT_SECONDS, 1 + Math.floor((refused - 1) / perSecond));
  };
};

/**
 * Request limits and load shedding (decision 0713, docs/operations.md "Request limits"), all in
 * one root onRequest hook that runs before the session is looked up, so a flood never reaches the
 * database:
 * - API calls per session and per address per minute: 429 `{message}` with Retry-After;
 * - WebSocket handshakes per second for the whole instance: past the rate, 503 with a Retry-After
 *   that spreads the rest over the following seconds, so 10,000 screens reopening after a restart
 *   come back at the rate the instance can serve;
 * - @fastify/under-pressure: 503 `{message}` with Retry-After while the event loop is saturated
 *   (liveness excepted).
 * The counters live in this process's memory (@fastify/rate-limit's LRU store): with several
 * instances behind a balancer each counts its own share.
 */
export const registerLimits = async (app: FastifyInstance, env: LimitsEnv) => {
  if (env.maxEventLoopDelayMs > 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: env.maxEventLoopDelayMs,
      sampleInterval: env.loadSampleMs,
      retryAfter: SHED_RETRY_AFTER_SECONDS,
      // Through the one error handler, so the body is `{message}` like every refusal.
      customError: class extends HttpError {
        constructor() {
          super(503, SHED_MESSAGE, undefined, { 'retry-after': String(SHED_RETRY_AFTER_SECONDS) });
        }
      },
    });
  }
  if (env.rateLimitPerSession <= 0 && env.rateLimitPerAddress <= 0 && env.wsHandshakesPerSecond <= 0) return;

  await app.register(fastifyRateLimit, { global: false });
  const bySession = app.createRateLimit({
    max: env.rateLimitPerSession,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `s:${sessionKey(request, env)}`,
  });
  const byAddress = app.createRateLimit({
    max: env.rateLimitPerAddress,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `a:${request.ip}`,
  });
  const admitHandshake = handshakeAdmission(env.wsHandshakesPerSecond);

  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/ws/') && env.wsHandshakesPerSecond > 0) {
      const wait = admitHandshake(Date.now());
      if (wait > 0) throw new HttpError(503, HANDSHAKES, undefined, { 'retry-after': String(wait) });
      return;
    }
    if (!pathname.startsWith('/api/') || isHealth(pathname)) return;
    if (env.rateLimitPerAddress > 0) {
      const seen = await byAddress(request);
      if (!seen.isAllowed && seen.isExceeded) throw tooManyRequests(TOO_MANY, seen.ttlInSeconds);
    }
    if (env.rateLimitPerSession > 0 && sessionKey(request, env)) {
      const seen = await bySession(request);
      if (!seen.isAllowed && seen.isExceeded) throw tooManyRequests(TOO_MANY, seen.ttlInSeconds);
    }
  });
};
