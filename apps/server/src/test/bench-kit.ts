import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

export type BenchServer = { base: string; port: number; child: ChildProcess; stop: () => Promise<void> };

/**
 * The server bundle (`entry`, scripts/build-server.mjs) as its own process on a spare port, on
 * PostgreSQL (`databaseUrl`) or on a PGlite data directory (`dataDir`), healthy within 180 s.
 * Every instance gets the same SECRET_KEY, so one instance's session cookie is good on another.
 */
export const startBenchServer = async (options: { entry: string; databaseUrl?: string; dataDir?: string }) => {
  const port = 19_000 + Math.floor(Math.random() * 2000);
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

export type LoadResult = { n: number; failures: number; p50: number; p95: number; p99: number; rps: number };

/** `concurrency` workers, each sending its next GET as soon as the last answered, for `seconds`. */
export const loadOver = async (
  url: (worker: number, i: number) => string,
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> => {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < end; i += 1) {
      const t = performance.now();
      const res = await fetch(url(w, i), { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!res.ok) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    n: latencies.length,
    failures,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    rps: latencies.length / elapsed,
  };
};
