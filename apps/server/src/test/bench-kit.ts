import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { openEmbedded, openPglite, openPostgres, type Database } from '../db/client';
import { seedDatabase } from '../db/seed';
import { loadEnv } from '../plugins/env';

/**
 * What the `npm run bench:*` scripts share (scripts/bench-payroll.mjs, bench-reports.mjs,
 * bench-floor.mjs): a fresh database to seed, the app in-process or as server processes, a
 * signed-in admin, and percentiles. docs/performance.md describes each bench.
 */
export type BenchKind = 'postgres' | 'pglite';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-passphrase';
export const BENCH_DEMO_PASSWORD = 'bench-demo-passphrase';
const BENCH_SECRET = 'bench-secret-key-that-is-long-enough-0123456789';

/** The `p`th percentile of `values` (nearest rank, no interpolation). */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The 1-minute, 5-minute and 15-minute load averages, printed before and after every timed part. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export type Spread3 = { min: number; median: number; max: number };
/** Min, median and max of `values` (a bench's rounds). */
export const spread3 = (values: number[]): Spread3 => ({
  min: Math.min(...values),
  median: pct(values, 50),
  max: Math.max(...values),
});
export const fmtSpread = (s: Spread3, digits = 1, unit = ' ms') =>
  `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}${unit}`;

/**
 * Ports from the environment, never random: `BENCH_PORT` (default 19100) is the first, and each
 * server a bench starts takes the next one. Two benches run at once need two `BENCH_PORT`s.
 */
const firstBenchPort = Number(process.env.BENCH_PORT ?? 19_100);
let portsTaken = 0;
export const nextBenchPort = () => {
  if (!Number.isInteger(firstBenchPort) || firstBenchPort <= 0) throw new Error('BENCH_PORT must be a port number');
  return firstBenchPort + portsTaken++;
};

export type BenchDatabase = {
  database: Database;
  /** PostgreSQL: the temporary database's connection string; PGlite: undefined. */
  url?: string;
  /** PGlite on disk (`onDisk`): the data directory a server process may open once `database` is closed. */
  dataDir?: string;
  /** Drops the temporary database (PostgreSQL) or removes the data directory (PGlite on disk). */
  drop: () => Promise<void>;
};

/**
 * A fresh database: a new one named `ginhawa_bench_<name>_<pid>` on the PostgreSQL server at
 * `adminUrl` (its role may create databases), or PGlite, in memory or (`onDisk`) in a temporary
 * data directory laid out as DATA_DIR, for a server process to open afterwards.
 */
export const benchDatabase = async (options: {
  kind: BenchKind;
  adminUrl?: string;
  name: string;
  pool?: number;
  onDisk?: boolean;
}): Promise<BenchDatabase> => {
  if (options.kind === 'pglite') {
    if (!options.onDisk) return { database: await openPglite(), drop: async () => {} };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ginhawa-bench-${options.name}-`));
    const database = await openEmbedded(dataDir);
    return { database, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `ginhawa_bench_${options.name}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: options.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(options.adminUrl!);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), options.pool ?? 4);
  return { database, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
};

/** Migrates and seeds the demo data (accounts with the bench passwords, `demoClients` clients). */
export const seedBench = async (database: Database, demoClients: number) => {
  await database.migrate();
  await seedDatabase(database.db, {
    adminPassword: BENCH_ADMIN_PASSWORD,
    demoPassword: BENCH_DEMO_PASSWORD,
    seedDemo: true,
    demoClients,
    // A bench about invoicing turns it on; the others time the plain sale (decision 1014).
    invoicing: 'off',
  });
};

/** The app in-process on `database`, the admin signed in: `headers` for writes, `get` throws on anything but 200. */
export const startBenchApp = async (database: Database) => {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/ginhawa-bench',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: BENCH_SECRET,
    // A bench's thousands of requests from one session are the load it measures, not an abuse.
    ...BENCH_LIMITS_OFF,
  });
  const app = await buildApp({ database, env, secretKey: BENCH_SECRET, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD },
  });
  const cookies = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]);
  const csrf = cookies.find((c) => c?.includes('csrftoken'))?.split('=')[1] ?? '';
  const headers = { cookie: cookies.join('; '), 'x-csrftoken': csrf };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  return { app, headers, get };
};

/** The request limits and the load shedder off (0), for every bench server process. */
export const BENCH_LIMITS_OFF = {
  RATE_LIMIT_PER_SESSION: '0',
  RATE_LIMIT_PER_ADDRESS: '0',
  WS_HANDSHAKES_PER_SECOND: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
};

export type BenchServer = { base: string; port: number; child: ChildProcess; stop: () => Promise<void> };

/**
 * The server bundle (`entry`, scripts/build-server.mjs) as its own process on the next bench port, on
 * PostgreSQL (`databaseUrl`) or on a PGlite data directory (`dataDir`), healthy within 180 s.
 * Every instance gets the same SECRET_KEY, so one instance's session cookie is good on another.
 */
export const startBenchServer = async (options: { entry: string; databaseUrl?: string; dataDir?: string }) => {
  const port = nextBenchPort();
  const base = `http://127.0.0.1:${port}`;
  const ownDir = options.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-server-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir ?? ownDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: BENCH_SECRET,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    DEMO_PASSWORD: BENCH_DEMO_PASSWORD,

    // A bench is one address and a few sessions sending thousands of requests a second: the
    // request limits (decision 0713) would answer 429 to most of them. Off, as in tests.
    ...BENCH_LIMITS_OFF,
  };
  if (!options.databaseUrl) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [options.entry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not become healthy within 180 s');
    }
    const healthy = await fetch(`${base}/api/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, port, child, stop } satisfies BenchServer;
};

export type BenchSession = { cookie: string; csrf: string; headers: Record<string, string> };

/** Signs in over HTTP: a new session, its cookie header and the CSRF token writes need. */
export const loginOver = async (base: string, username: string, password: string): Promise<BenchSession> => {
  const res = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  await res.arrayBuffer();
  const cookie = cookies.join('; ');
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
  return { cookie, csrf, headers: { cookie, 'x-csrftoken': csrf } };
};

export type LoadResult = {
  n: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Every request's time, in the order answered (for pooling the rounds of an interleaved run). */
  latencies: number[];
  seconds: number;
};

/**
 * One GET over a kept-alive connection of `agent`, as a browser sends it (`accept-encoding: gzip`):
 * the body is read as it comes, never inflated, so the bench's own CPU goes to no work the
 * server did not ask of it (a browser inflates on its own CPU, not the server's). Resolves the status.
 */
const getRaw = (agent: http.Agent, url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

/** The figures of `latencies` (ms) taken over `seconds`, `failures` of them not 200. */
const loadResult = (latencies: number[], failures: number, seconds: number): LoadResult => ({
  n: latencies.length,
  failures,
  p50: pct(latencies, 50),
  p95: pct(latencies, 95),
  p99: pct(latencies, 99),
  rps: latencies.length / seconds,
  latencies,
  seconds,
});

/** `concurrency` workers, each sending its next GET as soon as the last answered, for `seconds`. */
export const loadOver = async (
  url: (worker: number, i: number) => string,
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> => {
  const latencies: number[] = [];
  let failures = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const end = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < end; i += 1) {
      const t = performance.now();
      const status = await getRaw(agent, url(w, i), headers);
      latencies.push(performance.now() - t);
      if (status !== 200) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return loadResult(latencies, failures, elapsed);
};

export type Interleaved = {
  /** Every round's requests pooled: the figures of the whole run. */
  total: LoadResult;
  /** Each round's own p95. */
  roundP95: number[];
};

/** Several rounds of one subject's load as one: every latency pooled, their seconds and failures summed. */
export const pooledLoad = (rounds: LoadResult[]): LoadResult =>
  loadResult(
    rounds.flatMap((r) => r.latencies),
    rounds.reduce((t, r) => t + r.failures, 0),
    rounds.reduce((t, r) => t + r.seconds, 0),
  );

/**
 * The subjects (a floor first, then what is measured against it) under the same load: `rounds`
 * rounds of `seconds` each per subject, the order rotating every round (A B, B A, A B, …), so a
 * burst of load from the rest of the machine falls on both alike. One warm-up round first, untimed.
 * Returns each subject's pooled figures and per-round p95s; the load average is logged around it.
 */
export const interleaveLoad = async (
  subjects: { name: string; url: (worker: number, i: number) => string }[],
  headers: Record<string, string>,
  o: { concurrency: number; seconds: number; rounds: number; log: (line: string) => void },
): Promise<Interleaved[]> => {
  for (const s of subjects) await loadOver(s.url, headers, o.concurrency, Math.min(2, o.seconds));
  const rounds: LoadResult[][] = subjects.map(() => []);
  const before = loadAverage();
  for (let r = 0; r < o.rounds; r += 1)
    for (let k = 0; k < subjects.length; k += 1) {
      const i = (k + r) % subjects.length;
      rounds[i]!.push(await loadOver(subjects[i]!.url, headers, o.concurrency, o.seconds));
    }
  o.log(`load average ${before} before, ${loadAverage()} after (${os.cpus().length} CPUs, shared)`);
  return rounds.map((rs) => ({ total: pooledLoad(rs), roundP95: rs.map((r) => r.p95) }));
};
