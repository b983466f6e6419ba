import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, pgliteDirOf } from '../db/client';
import { LOCK_FILE, acquireDataDirLock, readLockHolder } from '../lib/data-dir-lock';
import { SERVER_ROOT } from '../paths';
import { tarball } from './database';

/**
 * One writer per embedded database, across real processes (decision 0700): a server holds
 * DATA_DIR's lock; a second server, `npm run seed` and `npm run restore` on the same DATA_DIR exit
 * non-zero at once naming it; a clean stop removes the lock; a lock left by a dead process is
 * taken over; racers for one stale lock never both win. Runs the same on PostgreSQL CI runs: these
 * processes use the embedded database whatever TEST_DATABASE_URL says.
 */

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const SERVER_ENTRY = path.join(SERVER_ROOT, 'src/server.ts');

type Proc = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const childEnv = (dataDir: string, port: number) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'lock-test-admin-pass',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
  delete env.DATABASE_URL;
  return env;
};

const start = (args: string[], env: NodeJS.ProcessEnv, cwd = SERVER_ROOT): Proc => {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

const startServer = (dataDir: string, port: number) =>
  start(['--import', 'tsx', SERVER_ENTRY], childEnv(dataDir, port));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Until the server answers its health check (or exits, or three minutes pass on a busy machine). */
const waitHealthy = async (port: number, server: Proc) => {
  const deadline = Date.now() + 180_000;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before answering:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer:\n${server.output()}`);
};

/** A line from a racer, in order of arrival. */
const nextLine = (proc: Proc, seen: number) =>
  new Promise<string>((resolve, reject) => {
    const check = () => {
      const lines = proc.output().split('\n');
      if (lines.length > seen + 1) {
        proc.child.stdout!.off('data', check);
        resolve(lines[seen]!);
      }
    };
    proc.child.stdout!.on('data', check);
    void proc.exited.then(() => {
      check();
      reject(new Error(`racer exited: ${proc.output()}`));
    });
    check();
  });

let dataDir: string;
const running: Proc[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-lock-proc-'));
  // Start from the run's seeded data where there is one (PGlite runs): the first server then
  // skips initdb and the migrations, the slowest part of its start.
  const template = inject('pgliteTemplate');
  if (template) {
    const lock = acquireDataDirLock(dataDir, { command: 'test setup', exitOnSignals: false });
    const database = await openPglite({
      onDisk: { lock, path: pgliteDirOf(dataDir) },
      loadDataDir: tarball(template),
    });
    await database.close();
    lock.release();
  }
});
afterAll(async () => {
  for (const proc of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('one process per embedded database', { timeout: 300_000 }, () => {
  let first: Proc;
  let firstPort: number;

  it('a second server on the same DATA_DIR exits at once, naming the one that holds it', async () => {
    firstPort = await freePort();
    first = startServer(dataDir, firstPort);
    running.push(first);
    await waitHealthy(firstPort, first);
    expect(readLockHolder(dataDir)).toMatchObject({ pid: first.child.pid, host: os.hostname() });

    const second = startServer(dataDir, await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is in use by pid ${first.child.pid} on host ${os.hostname()} since`,
    );
    expect(second.output()).toMatch(/: ginhawa server .*server\.ts/);
    // The first one still serves, and still holds the lock.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health/`)).status).toBe(200);
    expect(readLockHolder(dataDir)?.pid).toBe(first.child.pid);
  });

  it('npm run seed and npm run restore are refused while the server runs, naming it', async () => {
    const env = childEnv(dataDir, firstPort);
    const seed = start(['scripts/seed.mjs', '--clients', '1'], env, REPO_ROOT);
    const dummy = path.join(dataDir, 'some-backup.tar.gz');
    fs.writeFileSync(dummy, 'not used: refused before it is read');
    const restore = start(['scripts/restore.mjs', dummy], env, REPO_ROOT);
    running.push(seed, restore);
    expect(await seed.exited).toBe(1);
    expect(await restore.exited).toBe(1);
    for (const proc of [seed, restore])
      expect(proc.output()).toContain(`is in use by pid ${first.child.pid} on host ${os.hostname()}`);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.'))).toEqual([]);
  });

  it('a clean stop (SIGTERM) exits 0 and leaves no lock behind', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('a lock left by a process that died is taken over by the next server', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const stale = {
      pid: dead,
      host: os.hostname(),
      started_at: new Date(Date.now() - 60_000).toISOString(),
      command: 'crashed server',
      nonce: 'crashed',
    };
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(stale));
    const port = await freePort();
    const next = startServer(dataDir, port);
    running.push(next);
    await waitHealthy(port, next);
    expect(readLockHolder(dataDir)).toMatchObject({ pid: next.child.pid });
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('of four processes racing for one stale lock, exactly one wins', async () => {
    const lockDir = fs.mkdtempSync(path.join(dataDir, 'race-'));
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(
      path.join(lockDir, LOCK_FILE),
      JSON.stringify({
        pid: dead,
        host: os.hostname(),
        started_at: new Date().toISOString(),
        command: 'x',
        nonce: 'x',
      }),
    );
    const racers = Array.from({ length: 4 }, () =>
      start(['--import', 'tsx', path.join(SERVER_ROOT, 'src/test/lock-racer.ts'), lockDir], childEnv(lockDir, 0)),
    );
    running.push(...racers);
    expect(await Promise.all(racers.map((r) => nextLine(r, 0)))).toEqual(['ready', 'ready', 'ready', 'ready']);
    for (const racer of racers) racer.child.stdin!.write('go\n');
    const results = await Promise.all(racers.map((r) => nextLine(r, 1)));
    const winners = racers.filter((_r, i) => results[i] === 'won');
    expect(winners).toHaveLength(1);
    for (const result of results.filter((r) => r !== 'won'))
      expect(result).toContain(`in use by pid ${winners[0]!.child.pid} on host ${os.hostname()}`);
    expect(readLockHolder(lockDir)?.pid).toBe(winners[0]!.child.pid);
    winners[0]!.child.kill('SIGTERM');
    await winners[0]!.exited;
    expect(fs.existsSync(path.join(lockDir, LOCK_FILE))).toBe(false);
  });
});
