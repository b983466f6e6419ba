import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One writer per embedded database (docs/decisions/0700-backups-and-one-writer.md). PGlite keeps
 * its data in files and has no idea another process may have them open: two servers on one
 * DATA_DIR would both answer writes and one side's would be lost. So whatever opens DATA_DIR's
 * database (the server, `npm run seed`, `npm run restore`) first holds DATA_DIR/ginhawa.lock.
 *
 * The lock is created whole or not at all: its JSON is written to a private temporary file and
 * hard-linked into place (`link` fails when the name exists, like O_EXCL, and a reader never sees
 * half a file). A lock whose holder is gone (its pid is dead on this host, or the host started
 * after it was taken) is taken over; the takeover of one stale lock is itself exclusive (a marker
 * file named after that lock's content), so two processes racing for it cannot both win.
 */

export const LOCK_FILE = 'ginhawa.lock';

export type LockHolder = {
  pid: number;
  host: string;
  started_at: string;
  command: string;
  /** Tells two locks of the same pid apart (a container restarted gives the server the same pid). */
  nonce: string;
};

export type DataDirLock = {
  dataDir: string;
  file: string;
  holder: LockHolder;
  /** Removes the lock if it is still this one; safe to call more than once. */
  release: () => void;
};

/** Said when the lock is held: who holds it, and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const elsewhere = holder.host !== os.hostname();
    super(
      `The embedded database in ${dataDir} is in use by ${describeHolder(holder)}.\n` +
        'Only one process may open it at a time: stop that one first.' +
        (elsewhere
          ? ` It runs on another host, so whether it is still alive cannot be checked from here; if it is not, delete ${path.join(dataDir, LOCK_FILE)}.`
          : ''),
    );
    this.name = 'DataDirLockedError';
  }
}

/** "pid 4242 on host spa-1 since 2026-11-25T02:00:00.000Z: ginhawa server /srv/ginhawa/apps/server/dist/server.js". */
export const describeHolder = (holder: LockHolder) =>
  `pid ${holder.pid} on host ${holder.host} since ${holder.started_at}: ${holder.command}`;

/** The locks this process holds, by file: a second acquire in the same process is refused, not taken over. */
const held = new Set<string>();

const commandLine = () => [path.basename(process.argv0 || 'node'), ...process.argv.slice(1)].join(' ').slice(0, 300);

const readRaw = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

const parseHolder = (raw: string): LockHolder | null => {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string' || typeof value.started_at !== 'string')
      return null;
    return {
      pid: value.pid!,
      host: value.host,
      started_at: value.started_at,
      command: typeof value.command === 'string' ? value.command : '?',
      nonce: typeof value.nonce === 'string' ? value.nonce : '',
    };
  } catch {
    return null;
  }
};

/** Who holds DATA_DIR's lock now, or null when nobody (or the file cannot be read as a lock). */
export const readLockHolder = (dataDir: string): LockHolder | null => {
  const raw = readRaw(path.join(dataDir, LOCK_FILE));
  return raw === null ? null : parseHolder(raw);
};

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** When this host started (Linux), so a lock from before a reboot is known stale even if its pid now names another process. */
const bootTime = (): number | null => {
  const line = readRaw('/proc/stat')
    ?.split('\n')
    .find((l) => l.startsWith('btime '));
  return line ? Number(line.slice(6)) * 1000 : null;
};

/**
 * Whether the lock's holder is certainly gone. Only a holder on this host can be checked; one on
 * another host (a shared disk) is never assumed dead. A lock this code could not have written
 * (written atomically, so never half a file) has no holder to wait for.
 */
const isStale = (holder: LockHolder | null, file: string): boolean => {
  if (!holder) return true;
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !held.has(file);
  if (!pidAlive(holder.pid)) return true;
  const booted = bootTime();
  const started = Date.parse(holder.started_at);
  return booted !== null && Number.isFinite(started) && started < booted;
};

/** Puts `content` at `file` only if nothing is there: written to a temporary file, then linked. */
const createExclusive = (file: string, content: string): boolean => {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', 0o644);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
};

/** A marker left by a process that died inside the few statements of a takeover stops nobody for long. */
const MARKER_STALE_MS = 10_000;

/**
 * Moves the stale lock whose content is `staleRaw` aside, if it is still there. Exclusive per stale
 * lock: only the process that creates the marker named after its content may move it, and it
 * checks the content again first, so a fresh lock that replaced it is never moved.
 */
export const takeOverStaleLock = (file: string, staleRaw: string): boolean => {
  const marker = `${file}.takeover-${createHash('sha256').update(staleRaw).digest('hex').slice(0, 16)}`;
  try {
    fs.closeSync(fs.openSync(marker, 'wx'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - (fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > MARKER_STALE_MS) fs.rmSync(marker, { force: true });
    return false;
  }
  try {
    if (readRaw(file) !== staleRaw) return false;
    fs.renameSync(file, `${file}.stale-${Date.now()}`);
    return true;
  } finally {
    fs.rmSync(marker, { force: true });
  }
};

/** Old stale locks kept for a look after a crash: the newest few are enough. */
const pruneStaleCopies = (dataDir: string) => {
  const copies = fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith(`${LOCK_FILE}.stale-`))
    .sort();
  for (const name of copies.slice(0, -3)) fs.rmSync(path.join(dataDir, name), { force: true });
};

export type AcquireOptions = {
  /** What the holder is, as the refusal names it; the process's command line by default. */
  command?: string;
  /**
   * Release and exit on SIGINT/SIGTERM (scripts). The server passes false: it has its own
   * graceful shutdown, which ends in process.exit and so in the release on 'exit'.
   */
  exitOnSignals?: boolean;
};

/**
 * Takes DATA_DIR's lock or throws DataDirLockedError naming its holder. Released by `release()`,
 * and in any case when the process exits.
 */
export const acquireDataDirLock = (dataDir: string, options: AcquireOptions = {}): DataDirLock => {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    started_at: new Date().toISOString(),
    command: options.command ?? commandLine(),
    nonce: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(holder, null, 2)}\n`;

  // Each turn either wins, finds a live holder, or saw the lock change under it (bounded).
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (createExclusive(file, content)) return holdLock(dir, file, holder, content, options);
    const raw = readRaw(file);
    if (raw === null) continue;
    const current = parseHolder(raw);
    if (!isStale(current, file)) throw new DataDirLockedError(dir, current!);
    takeOverStaleLock(file, raw);
    pruneStaleCopies(dir);
  }
  const current = readLockHolder(dir);
  if (current) throw new DataDirLockedError(dir, current);
  throw new Error(`Could not take the lock ${file}: it kept changing. Try again.`);
};

const holdLock = (
  dataDir: string,
  file: string,
  holder: LockHolder,
  content: string,
  options: AcquireOptions,
): DataDirLock => {
  held.add(file);
  const onSignal = (signal: NodeJS.Signals) => {
    release();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const release = () => {
    if (!held.has(file)) return;
    held.delete(file);
    process.off('exit', release);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Only our own lock: never one that replaced it (after ours was taken over as stale by mistake).
    if (readRaw(file) === content) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  if (options.exitOnSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  return { dataDir, file, holder, release };
};
