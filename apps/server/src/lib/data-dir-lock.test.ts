import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  LOCK_FILE,
  acquireDataDirLock,
  readLockHolder,
  takeOverStaleLock,
  type DataDirLock,
  type LockHolder,
} from './data-dir-lock';

// In this process: what the lock file holds, who is refused, what counts as stale. The same rules
// across real processes (servers, seed, restore, racers) are in test/data-dir-lock.process.test.ts.

const dirs: string[] = [];
const locks: DataDirLock[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-lock-'));
  dirs.push(dir);
  return dir;
};
const acquire = (dir: string, command = 'test') => {
  const lock = acquireDataDirLock(dir, { command, exitOnSignals: false });
  locks.push(lock);
  return lock;
};
/** A pid that certainly ran on this host and has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const writeLock = (dir: string, holder: Partial<LockHolder>) =>
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      pid: 1,
      host: os.hostname(),
      started_at: new Date().toISOString(),
      command: 'old server',
      nonce: 'x',
      ...holder,
    }),
  );

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('writes who holds it, refuses a second opening naming the holder, and is gone once released', () => {
    const dir = tempDir();
    const lock = acquire(dir, 'ginhawa server one');
    expect(readLockHolder(dir)).toMatchObject({
      pid: process.pid,
      host: os.hostname(),
      command: 'ginhawa server one',
    });
    expect(Date.parse(lock.holder.started_at)).toBeGreaterThan(Date.now() - 60_000);

    let refusal: unknown;
    try {
      acquire(dir, 'ginhawa server two');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).holder.command).toBe('ginhawa server one');
    expect((refusal as Error).message).toContain(
      `in use by pid ${process.pid} on host ${os.hostname()} since ${lock.holder.started_at}: ginhawa server one`,
    );

    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lock.release();
    expect(acquire(dir, 'ginhawa server two').holder.command).toBe('ginhawa server two');
  });

  it('takes over a lock whose holder died, keeping the old one aside', () => {
    const dir = tempDir();
    const pid = deadPid();
    writeLock(dir, { pid, command: 'crashed server' });
    const lock = acquire(dir);
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, nonce: lock.holder.nonce });
    const aside = fs.readdirSync(dir).filter((n) => n.startsWith(`${LOCK_FILE}.stale-`));
    expect(aside).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, aside[0]!), 'utf8'))).toMatchObject({ pid });
  });

  it('takes over a lock from before the host started, even if its pid is alive now', () => {
    if (!fs.existsSync('/proc/stat')) return;
    const dir = tempDir();
    // pid 1 is alive (or answers EPERM), but not as a server started in 1990.
    writeLock(dir, { pid: 1, started_at: '1990-01-01T00:00:00.000Z' });
    expect(acquire(dir).holder.pid).toBe(process.pid);
  });

  it('takes over a lock this process left from an earlier life (same pid, not held now)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, nonce: 'earlier' });
    expect(acquire(dir).holder.nonce).not.toBe('earlier');
  });

  it('takes over a file that is not a lock this code wrote', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'not json');
    expect(readLockHolder(dir)).toBeNull();
    expect(acquire(dir).holder.pid).toBe(process.pid);
  });

  it('never assumes a holder on another host is dead, and says how to clear it', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), host: 'another-host', command: 'server elsewhere' });
    expect(() => acquire(dir)).toThrow(
      /pid \d+ on host another-host .*: server elsewhere\.\nOnly one process .* delete .*ginhawa\.lock/s,
    );
    expect(readLockHolder(dir)?.host).toBe('another-host');
  });

  it('on release, removes only its own lock, not one that replaced it', () => {
    const dir = tempDir();
    const lock = acquire(dir);
    writeLock(dir, { pid: 4242, command: 'someone else' });
    lock.release();
    expect(readLockHolder(dir)?.command).toBe('someone else');
  });

  it('a racer that saw the stale lock late never moves the lock that replaced it', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    writeLock(dir, { pid: deadPid(), command: 'crashed server' });
    const staleSeenByB = fs.readFileSync(file, 'utf8');
    // A takes the stale lock over first; B, having read the stale content before, tries now.
    const a = acquire(dir, 'racer A');
    expect(takeOverStaleLock(file, staleSeenByB)).toBe(false);
    expect(readLockHolder(dir)).toMatchObject({ command: 'racer A', nonce: a.holder.nonce });
    expect(() => acquire(dir, 'racer B')).toThrow(/: racer A\./);
  });

  it('waits while another process takes the same stale lock over; a marker left by a crash stops nobody for long', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    writeLock(dir, { pid: deadPid() });
    const stale = fs.readFileSync(file, 'utf8');
    // Another process is in the middle of taking this stale lock over (its marker is there).
    const marker = `${file}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    fs.writeFileSync(marker, '');
    expect(takeOverStaleLock(file, stale)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe(stale);
    // That process died there over ten seconds ago: the marker is cleared and the next attempt wins.
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(marker, old, old);
    expect(takeOverStaleLock(file, stale)).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);
    expect(takeOverStaleLock(file, stale)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
