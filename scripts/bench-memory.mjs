// `npm run bench:memory`: the embedded server's resident memory right after `npm start` on a new
// data directory with the demo data, printed beside its floor: a bare PGlite in a plain node
// process opening the same data and running two queries. Budget: the server ≤ 1.25× the floor.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const SETTLE_MS = 5_000;
const BUDGET = 1.25;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-memory-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-passphrase',
    DEMO_PASSWORD: 'bench-demo-passphrase',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const cleanUp = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

const deadline = Date.now() + 180_000;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
  if (Date.now() > deadline) throw new Error('the server did not become healthy within 180 s');
  try {
    if ((await fetch(`${base}/api/health/`)).ok) break;
  } catch {
    // not listening yet
  }
  await sleep(250);
}
// A person's first look: the sign-in screen's settings call and the health check, then quiet.
await fetch(`${base}/api/configurations/settings/`);
await sleep(SETTLE_MS);
const serverRss = rssMb(server.pid);
const stopped = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await stopped;
const dataMb = Number(
  spawnSync('du', ['-sm', path.join(dataDir, 'pglite')])
    .stdout.toString()
    .split('\t')[0],
);

// The floor, in a plain node process (no Fastify, no app code), on the same data directory.
const bare = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `
      import fs from 'node:fs';
      import { PGlite } from '@electric-sql/pglite';
      import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
      const db = await PGlite.create(process.argv[1], { extensions: { pg_trgm } });
      await db.query('select count(*) from clients');
      await db.query('select count(*) from sales');
      await new Promise((resolve) => setTimeout(resolve, ${SETTLE_MS}));
      process.stdout.write(String(Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024));
      await db.close();
    `,
    path.join(dataDir, 'pglite'),
  ],
  { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
);
if (bare.status !== 0) throw new Error(`bare PGlite failed: ${bare.stderr}`);
const bareRss = Number(bare.stdout);
const ratio = serverRss / bareRss;
console.log(
  [
    `embedded database: ${dataMb} MB of data (demo)`,
    `server RSS after npm start, settled ${SETTLE_MS / 1000} s: ${serverRss.toFixed(0)} MB`,
    `bare PGlite on the same data, two queries:       ${bareRss.toFixed(0)} MB`,
    `ratio ${ratio.toFixed(2)}× (budget ≤ ${BUDGET}×): ${ratio <= BUDGET ? 'met' : 'NOT met'}`,
  ].join('\n'),
);
