// The benchmarks' embedded server: `npm start`'s own entry (scripts/start.mjs) on a new data
// directory with the demo data, on the port given (BENCH_PORT: bench-args.mjs), stopped and its directory removed on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_ADMIN_PASSWORD = 'bench-admin-passphrase';
export const BENCH_DEMO_PASSWORD = 'bench-demo-passphrase';

/** A process's resident memory in MB (Linux). */
export const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * Starts the server on `port` and waits until /api/health/ answers (180 s at most).
 * `prefix` names the temporary data directory; `env` adds to (or overrides) the server's environment
 * (bench:ws gives its instances one DATABASE_URL and one SECRET_KEY).
 */
export const startBenchServer = async ({ port, prefix, env = {} }) => {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      DEMO_PASSWORD: BENCH_DEMO_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // One address, thousands of requests and handshakes a second: the request limits
      // (decision 0713) off, as in tests, or most would be answered 429.
      RATE_LIMIT_PER_SESSION: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
      WS_HANDSHAKES_PER_SECOND: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 180 s');
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, base, dataDir };
};
