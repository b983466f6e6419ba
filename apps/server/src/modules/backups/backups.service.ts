import fs from 'node:fs';
import path from 'node:path';
import {
  NIGHTLY_BACKUP_HOUR,
  NIGHTLY_BACKUPS_KEPT,
  POSTGRES_BACKUPS_MESSAGE,
  type Backup,
  type BackupKind,
} from '@ginhawa/contract';
import type { Database } from '../../db/client';
import { audit } from '../../db/audit';
import { conflict, HttpError } from '../../lib/http-error';
import { iso } from '../../lib/iso';

/**
 * Backups of the embedded database (docs/decisions/0700-backups-and-one-writer.md). The files
 * under DATA_DIR/backups/ are the whole truth, not rows: a restore brings the database back to an
 * older day, and the list of backups must not go back with it. A backup's id, kind and moment are
 * in its file name; a name the server did not write is never listed, so never served.
 */

export const backupsDirOf = (dataDir: string) => path.join(dataDir, 'backups');

/** ginhawa-0012-20261125-020000-auto.tar.gz: id, Manila date and time, kind. */
const NAME = /^ginhawa-(\d{4,9})-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(manual|auto)\.tar\.gz$/;
const PARTIAL_SUFFIX = '.partial';
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The file name of backup `id` made at `at`, which reads in Manila time like everything else here. */
export const backupFileName = (id: number, kind: BackupKind, at: Date) => {
  const m = new Date(at.getTime() + MANILA_OFFSET_MS);
  const date = `${m.getUTCFullYear()}${pad(m.getUTCMonth() + 1)}${pad(m.getUTCDate())}`;
  const time = `${pad(m.getUTCHours())}${pad(m.getUTCMinutes())}${pad(m.getUTCSeconds())}`;
  return `ginhawa-${pad(id, 4)}-${date}-${time}-${kind === 'manual' ? 'manual' : 'auto'}.tar.gz`;
};

type BackupFile = Backup & { path: string };

const parseName = (name: string) => {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, id, y, mo, d, h, mi, s, kind] = m;
  const createdAt = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
  if (Number.isNaN(createdAt.getTime())) return null;
  return { id: Number(id), createdAt, kind: (kind === 'manual' ? 'manual' : 'automatic') as BackupKind };
};

/** Every backup in the directory, newest first (ids only grow, so by id). */
const readBackups = async (dataDir: string): Promise<BackupFile[]> => {
  const dir = backupsDirOf(dataDir);
  const names = await fs.promises.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const found: BackupFile[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    found.push({
      id: parsed.id,
      file_name: name,
      size: stat.size,
      created_at: iso(parsed.createdAt),
      kind: parsed.kind,
      path: path.join(dir, name),
    });
  }
  return found.sort((a, b) => b.id - a.id);
};

const toBackup = ({ id, file_name, size, created_at, kind }: BackupFile): Backup => ({
  id,
  file_name,
  size,
  created_at,
  kind,
});

/** Refuses on PostgreSQL: its backups are pg_dump's business (409, the one sentence). */
const assertEmbedded = (database: Database) => {
  if (database.kind !== 'pglite' || !database.pglite) throw conflict(POSTGRES_BACKUPS_MESSAGE);
  return database.pglite;
};

const listBackups = async (database: Database, dataDir: string): Promise<Backup[]> => {
  assertEmbedded(database);
  return (await readBackups(dataDir)).map(toBackup);
};

/** The file to send for a download, recorded in the audit trail: a backup holds every record, password hashes too. */
const openDownload = async (database: Database, dataDir: string, id: number, actorId: number) => {
  assertEmbedded(database);
  const backup = (await readBackups(dataDir)).find((b) => b.id === id);
  if (!backup) throw new HttpError(404, 'No such backup.');
  await audit(database.db, { actorId, action: 'download', tableName: 'backups', rowId: id, after: toBackup(backup) });
  return backup;
};

/** One backup at a time per directory: ids come from the files, and each dump holds the database. */
const inFlight = new Set<string>();

/** Writes `bytes` to `file` whole or not at all (a half-written backup is never listed). */
const writeWhole = async (file: string, bytes: Uint8Array) => {
  const partial = file + PARTIAL_SUFFIX;
  // 'w': a leftover of a crashed attempt by the same name is this attempt's to replace (one at a time, one process).
  const handle = await fs.promises.open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
  await handle.close();
  await fs.promises.rename(partial, file);
};

const DISK_FULL =
  "The server's disk is full, so the backup was not made. Free some space (older backups are under DATA_DIR/backups/) and try again.";

/**
 * A consistent snapshot of the running database, while it keeps serving: PGlite is one
 * connection, and the dump waits for the transaction in progress to end and holds the next one
 * back until the copy is taken (a second or two for the demo database). Requests wait that long,
 * they are not refused.
 */
const createBackup = async (
  database: Database,
  dataDir: string,
  { kind, actorId, now = new Date() }: { kind: BackupKind; actorId: number | null; now?: Date },
): Promise<Backup> => {
  const pglite = assertEmbedded(database);
  const dir = backupsDirOf(dataDir);
  if (inFlight.has(dir)) throw conflict('A backup is being made right now: it will be in the list in a moment.');
  inFlight.add(dir);
  try {
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const existing = await readBackups(dataDir);
    const id = (existing[0]?.id ?? 0) + 1;
    const tarball = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
    const file = path.join(dir, backupFileName(id, kind, now));
    try {
      await writeWhole(file, new Uint8Array(await tarball.arrayBuffer()));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw new HttpError(507, DISK_FULL);
      throw err;
    }
    const backup = toBackup((await readBackups(dataDir)).find((b) => b.id === id)!);
    await audit(database.db, { actorId, action: 'create', tableName: 'backups', rowId: id, after: backup });
    return backup;
  } finally {
    inFlight.delete(dir);
  }
};

/**
 * Keeps the newest `keep` automatic backups and removes the older ones, and any half-written file
 * a crash left behind. Manual backups are never removed here: an Admin made each one on purpose
 * (before a big change, say), so they stay until someone deletes them by hand. Answers the names removed.
 */
const pruneAutomatic = async (dataDir: string, keep = NIGHTLY_BACKUPS_KEPT): Promise<string[]> => {
  const dir = backupsDirOf(dataDir);
  const automatic = (await readBackups(dataDir)).filter((b) => b.kind === 'automatic');
  const removed = automatic.slice(keep).map((b) => b.file_name);
  if (!inFlight.has(dir)) {
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    removed.push(...names.filter((n) => n.endsWith(PARTIAL_SUFFIX)));
  }
  for (const name of removed) await fs.promises.rm(path.join(dir, name), { force: true });
  return removed;
};

/** The nightly run: an automatic backup, then the oldest beyond the last 14 go. */
const nightlyBackup = async (database: Database, dataDir: string, now = new Date()) => {
  const backup = await createBackup(database, dataDir, { kind: 'automatic', actorId: null, now });
  const removed = await pruneAutomatic(dataDir);
  return { backup, removed };
};

/** Milliseconds from `now` to the next 02:00 in Manila (UTC+8 all year, so 18:00 UTC the day before). */
const msUntilNextNightly = (now: Date): number => {
  const next = new Date(now);
  next.setUTCHours((NIGHTLY_BACKUP_HOUR - 8 + 24) % 24, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
};

/** The backup files as a restore reads them (newest first), for `npm run restore` and its test. */
export const backupFiles = readBackups;

export const backupsService = {
  list: listBackups,
  create: createBackup,
  openDownload,
  pruneAutomatic,
  nightlyBackup,
  msUntilNextNightly,
};
