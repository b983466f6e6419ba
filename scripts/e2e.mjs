// `npm run test:e2e`: build the web app, start the real server on a free port with a temporary
// database, run the Playwright journeys in apps/web/e2e with node's test runner, clean up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'apps/web/e2e');
const ADMIN_PASSWORD = 'e2e-admin-pass-12345';
const DEMO_PASSWORD = 'e2e-demo-pass-12345';
const HEALTH_TIMEOUT_MS = 90_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const withoutFlags = (env) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITE_FEATURE_')));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const waitForHealth = async (baseUrl, server) => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early (code ${server.exitCode}).`);
    try {
      const response = await fetch(`${baseUrl}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s.`);
};

const stop = async (child) => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

// `npm run test:e2e -- clients reports` runs only the files whose names contain one of the words.
const only = process.argv.slice(2);
const files = fs
  .readdirSync(e2eDir)
  .filter((name) => name.endsWith('.e2e.ts'))
  .filter((name) => !only.length || only.some((word) => name.includes(word)))
  .sort()
  .map((name) => path.join('apps/web/e2e', name));
if (!files.length) {
  console.error('No apps/web/e2e/*.e2e.ts files.');
  process.exit(1);
}

console.log('e2e: building the web app…');
// The default build, flags off at build time: the demo database switches them on in its stored
// settings (docs/decisions/0610-feature-flags-in-settings.md), as a newcomer's `npm start` does.
const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: withoutFlags(process.env),
});
if (build.status !== 0) process.exit(build.status ?? 1);

// The journeys are one business day's: the demo books "today" when the server starts, and a visit
// "an hour earlier" needs an earlier quarter of the same day. A run that would cross Manila's
// midnight (the whole suite takes 10–15 minutes) or start in the day's first quarter hour waits
// for 00:15 Manila first (docs/operations.md, "End-to-end journeys"). E2E_ANY_HOUR=1 runs at once.
const manilaMinutes = () => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Manila', // the contract's BUSINESS_TIME_ZONE (this script runs without TypeScript)
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return h * 60 + m;
};
const minutesToWait = (now) => (now >= 23 * 60 + 40 ? 24 * 60 + 15 - now : now < 15 ? 15 - now : 0);
if (!process.env.E2E_ANY_HOUR && minutesToWait(manilaMinutes()) > 0) {
  console.log(`e2e: it is near midnight in Manila; waiting ${minutesToWait(manilaMinutes())} min for 00:15…`);
  while (minutesToWait(manilaMinutes()) > 0) await sleep(20_000);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let server;
let exitCode;
try {
  console.log(`e2e: starting the server on ${baseUrl} (data in ${dataDir})…`);
  // Always the embedded database in the temp dir, whatever the caller's environment says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl, server);

  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: baseUrl, ADMIN_PASSWORD, DEMO_PASSWORD },
  });
  exitCode = result.status ?? 1;
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
