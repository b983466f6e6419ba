// npm run bench:clients [-- --clients 100000 --concurrency 20 --seconds 10 --db pglite,postgres]
// Seeds N demo clients (npm run seed) into a fresh database, starts the server bundle on it and
// measures client search and a page of 100 at C concurrent requests: p50/p99 latency and
// throughput, printed beside the floor measured in the same run (a bare Fastify route in its own
// process, same load), as a ratio.
// PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL names a server where the role may create
// databases; a temporary database is created and dropped. Without either, only PGlite runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmtSpread, loadAverage, nextBenchPort, spread3 } from './bench-args.mjs';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const CLIENTS = Number(arg('clients', '100000'));
const CONCURRENCY = Number(arg('concurrency', '20'));
const SECONDS = Number(arg('seconds', '4'));
const ROUNDS = Number(arg('rounds', '5'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const DBS = arg('db', PG_URL ? 'postgres,pglite' : 'pglite').split(',');
const ADMIN = 'bench-admin-passphrase';
const DEMO = 'bench-demo-passphrase';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const freePort = nextBenchPort;

const waitHealthy = async (base, child) => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
};

/** C workers, each sending the next request as soon as the last answered, for `seconds`. */
const load = async (makeRequest, seconds) => {
  const latencies = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async (w) => {
    for (let i = 0; performance.now() < end; i += 1) {
      const { url, headers } = makeRequest(w, i);
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) failures += 1;
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  return summary(latencies, failures, elapsed);
};

const summary = (latencies, failures, elapsed) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    failures,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    rps: sorted.length / elapsed,
    latencies,
    elapsed,
  };
};

/**
 * The subjects in `ROUNDS` rounds of `SECONDS` each, the order rotating every round, so the floor
 * and each route see the same machine load: each subject's pooled figures and its rounds.
 */
const interleave = async (subjects) => {
  const rounds = subjects.map(() => []);
  for (let r = 0; r < ROUNDS; r += 1)
    for (let k = 0; k < subjects.length; k += 1) {
      const i = (k + r) % subjects.length;
      rounds[i].push(await subjects[i]());
    }
  return rounds.map((rs) => ({
    ...summary(
      rs.flatMap((x) => x.latencies),
      rs.reduce((t, x) => t + x.failures, 0),
      rs.reduce((t, x) => t + x.elapsed, 0),
    ),
    rounds: rs,
  }));
};

/** The environment for a child: `undefined` removes a variable (PGlite runs must not inherit DATABASE_URL). */
const childEnv = (env) =>
  Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
const startProcess = (args, env = {}) =>
  spawn(process.execPath, args, { cwd: root, env: childEnv(env), stdio: ['ignore', 'ignore', 'inherit'] });

/**
 * The floor: a bare Fastify route answering a small JSON object, in its own process, kept running
 * and measured in the same interleaved rounds as each scenario, so both see the same machine load.
 */
const startFloor = async () => {
  const port = freePort();
  const child = startProcess([
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health/', async () => ({ status: 'ok' })); app.get('/bare/', async (req) => ({ q: req.query.q ?? null, results: [] })); await app.listen({ port: ${port}, host: '127.0.0.1' });`,
  ]);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child);
  await load(() => ({ url: `${base}/bare/?q=warm` }), 2);
  return {
    measure: () => load((w, i) => ({ url: `${base}/bare/?q=${w}-${i}` }), SECONDS),
    base,
    stop: () => child.kill('SIGTERM'),
  };
};

const SEARCHES = [
  'maria santos',
  'cruz rosa',
  'dela cruz',
  'jose',
  'reyes angelica',
  'del rosario',
  'mark tan',
  'santos',
  '0905 12',
  '+63915',
  '936 55',
  '9271234',
  'gmail',
  'maria.santos',
  'lopez',
  'kimberly',
  'yap',
  'ma. theresa',
];

const benchServer = async (kind, env) => {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess([SERVER_BUNDLE], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    ADMIN_PASSWORD: ADMIN,
    DEMO_PASSWORD: DEMO,
    NODE_ENV: 'production',
    // One address sending thousands of requests a second: the request limits (decision 0713) off.
    RATE_LIMIT_PER_SESSION: '0',
    RATE_LIMIT_PER_ADDRESS: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  try {
    await waitHealthy(base, child);
    const res = await fetch(`${base}/api/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN }),
    });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    const headers = {
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
    const total = (await (await fetch(`${base}/api/clients/?pageSize=1`, { headers })).json()).count;
    const pages = Math.max(1, Math.floor(total / 100));
    const search = (w, i) => ({
      url: `${base}/api/clients/search/?q=${encodeURIComponent(SEARCHES[(w * 7 + i) % SEARCHES.length])}`,
      headers,
    });
    const page = (w, i) => ({
      url: `${base}/api/clients/?page=${1 + ((w * 7919 + i * 104_729) % pages)}&pageSize=100`,
      headers,
    });
    await load(search, 2);
    await load(page, 2);
    const before = loadAverage();
    const [bare, searchResult, pageResult] = await interleave([
      floor.measure,
      () => load(search, SECONDS),
      () => load(page, SECONDS),
    ]);
    return {
      kind,
      total,
      search: searchResult,
      page: pageResult,
      bare,
      load: `${before} before, ${loadAverage()} after`,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
};

const seed = (env) => {
  const t = performance.now();
  const result = spawnSync(process.execPath, ['scripts/seed.mjs', '--clients', String(CLIENTS)], {
    cwd: root,
    env: childEnv({ ...env, ADMIN_PASSWORD: ADMIN, DEMO_PASSWORD: DEMO, PORT: '1' }),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seeding failed');
  return (performance.now() - t) / 1000;
};

const fmt = (r) =>
  `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  (${r.n} requests${r.failures ? `, ${r.failures} FAILED` : ''})`;

await buildServer();
console.log(
  `bench:clients — ${CLIENTS.toLocaleString('en')} clients, ${CONCURRENCY} concurrent, ${SECONDS} s per measurement, ${os.cpus().length} CPUs`,
);
const floor = await startFloor();
process.on('exit', () => floor.stop());
const report = (r) => {
  const perRound = (x) => x.rounds.map((round, i) => round.p99 / r.bare.rounds[i].p99);
  console.log(
    `${''.padEnd(8)} bare Fastify, the floor       ${fmt(r.bare)}; round p99 ${fmtSpread(spread3(r.bare.rounds.map((x) => x.p99)))}`,
  );
  console.log(
    `${r.kind.padEnd(8)} search      (${r.total} clients) ${fmt(r.search)}; round p99 ${fmtSpread(spread3(r.search.rounds.map((x) => x.p99)))}; p99 / floor's per round ${fmtSpread(spread3(perRound(r.search)), 1, '×')}`,
  );
  console.log(
    `${r.kind.padEnd(8)} page of 100 (${r.total} clients) ${fmt(r.page)}; round p99 ${fmtSpread(spread3(r.page.rounds.map((x) => x.p99)))}; p99 / floor's per round ${fmtSpread(spread3(perRound(r.page)), 1, '×')}`,
  );
  console.log(
    `${''.padEnd(8)} ${ROUNDS} interleaved rounds of ${SECONDS} s (min / median / max); load average ${r.load} (${os.cpus().length} CPUs)`,
  );
};
const rows = [];
for (const kind of DBS) {
  if (kind === 'postgres') {
    if (!PG_URL) {
      console.log('postgres: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
      continue;
    }
    const name = `ginhawa_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    try {
      const seconds = seed({ DATABASE_URL: url.toString() });
      console.log(`postgres: seeded in ${seconds.toFixed(1)} s`);
      rows.push(await benchServer('postgres', { DATABASE_URL: url.toString() }));
      report(rows.at(-1));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-clients-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
      const seconds = seed(env);
      console.log(`pglite: seeded in ${seconds.toFixed(1)} s`);
      rows.push(await benchServer('pglite', env));
      report(rows.at(-1));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
const pgRow = rows.find((r) => r.kind === 'postgres');
if (pgRow)
  console.log(
    `budget: search p99 ≤ 50 ms on PostgreSQL → ${pgRow.search.p99 <= 50 ? 'met' : 'MISSED'} (${pgRow.search.p99.toFixed(1)} ms); page p99 ${pgRow.page.p99 <= 50 ? 'met' : 'MISSED'} (${pgRow.page.p99.toFixed(1)} ms)`,
  );
// The floor server and the esbuild service would keep the process alive.
floor.stop();
process.exit(0);
