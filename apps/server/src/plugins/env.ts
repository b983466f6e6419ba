import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from '../paths';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters.').optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /** The first admin's name, used once, when the database is created (decision 0016). */
  ADMIN_FIRST_NAME: z.string().trim().max(100, 'At most 100 characters.').optional(),
  ADMIN_LAST_NAME: z.string().trim().max(100, 'At most 100 characters.').optional(),
  DEMO_PASSWORD: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false', '']).optional(),
  COOKIE_SECURE: flag(false),
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (a request it says came over https gets secure cookies). */
  TRUST_PROXY: flag(false),
  /** Extra origins allowed to open the WebSocket, comma separated (the site's own origin always is). */
  ALLOWED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Request limits and load shedding (decision 0713, docs/operations.md "Request limits"); 0 turns
   * one off. Unset under NODE_ENV=test, where a test that checks a limit sets it.
   */
  RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  WS_HANDSHAKES_PER_SECOND: z.coerce.number().int().min(0).optional(),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  LOAD_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
});

/** The limits outside tests: far above what a person at a screen sends (docs/operations.md). */
const LIMIT_DEFAULTS = {
  rateLimitPerSession: 1200,
  rateLimitPerAddress: 6000,
  wsHandshakesPerSecond: 100,
  maxEventLoopDelayMs: 1000,
};

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string | undefined;
  adminPassword: string | undefined;
  adminFirstName: string | undefined;
  adminLastName: string | undefined;
  demoPassword: string | undefined;
  seedDemo: boolean;
  cookieSecure: boolean;
  trustProxy: boolean;
  allowedOrigins: string[];
  logLevel: string;
  webDist: string;
  rateLimitPerSession: number;
  rateLimitPerAddress: number;
  wsHandshakesPerSecond: number;
  maxEventLoopDelayMs: number;
  loadSampleMs: number;
};

/** Parses the environment once; an invalid value stops start-up with a readable list. */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): Env => {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Tests send thousands of requests from one address in seconds, and a loaded CI machine stalls
  // the event loop: off there unless a test sets them.
  const limitDefault = (name: keyof typeof LIMIT_DEFAULTS) => (e.NODE_ENV === 'test' ? 0 : LIMIT_DEFAULTS[name]);
  const seedDemo =
    e.SEED_DEMO === undefined || e.SEED_DEMO === '' ? !e.DATABASE_URL : ['1', 'true'].includes(e.SEED_DEMO);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    adminFirstName: e.ADMIN_FIRST_NAME || undefined,
    adminLastName: e.ADMIN_LAST_NAME || undefined,
    demoPassword: e.DEMO_PASSWORD || undefined,
    seedDemo,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? DEFAULT_WEB_DIST),
    rateLimitPerSession: e.RATE_LIMIT_PER_SESSION ?? limitDefault('rateLimitPerSession'),
    rateLimitPerAddress: e.RATE_LIMIT_PER_ADDRESS ?? limitDefault('rateLimitPerAddress'),
    wsHandshakesPerSecond: e.WS_HANDSHAKES_PER_SECOND ?? limitDefault('wsHandshakesPerSecond'),
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? limitDefault('maxEventLoopDelayMs'),
    loadSampleMs: e.LOAD_SAMPLE_MS,
  };
};
