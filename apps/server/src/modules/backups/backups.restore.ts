import fs from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteDirOf, type Database } from '../../db/client';
import { acquireDataDirLock, type DataDirLock } from '../../lib/data-dir-lock';
import { backupsDirOf } from './backups.service';

/**
 * `npm run restore -- FILE` (docs/operations.md, "Backups"): puts the embedded database under
 * DATA_DIR back exactly as it was when FILE was made. The server must be stopped: DATA_DIR's lock
 * is taken first, so while anything holds it the restore refuses, naming the holder, and nothing
 * can open the database half-way through. The backup is unpacked beside the current data and
 * opened there first; only when it opens does the current data move aside (kept, as
 * DATA_DIR/pglite.before-restore-<time>) and the restored copy take its place. It is then
 * opened again where the server will find it.
 */

export type RestoreSummary = {
  file: string;
  /** Where the data in use before the restore now is (null when there was none). */
  movedAside: string | null;
  /** What the restored database holds, for the operator to recognise it. */
  counts: Record<'users' | 'clients' | 'sales' | 'audit_log', number>;
};

/** FILE as given, else the backup of that name under DATA_DIR/backups/. */
export const resolveBackupFile = (dataDir: string, file: string) => {
  const candidates = [path.resolve(file), path.join(backupsDirOf(dataDir), path.basename(file))];
  const found = candidates.find((p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`No backup file at ${candidates[0]} (nor under ${backupsDirOf(dataDir)}).`);
  return found;
};

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

const COUNTED = ['users', 'clients', 'sales', 'audit_log'] as const;

/** Rows per table (0 for a table an older backup does not have yet: the server migrates it on start). */
const countsOf = async (database: Database): Promise<RestoreSummary['counts']> => {
  const pglite = database.pglite!;
  const counts = { users: 0, clients: 0, sales: 0, audit_log: 0 };
  for (const table of COUNTED) {
    const { rows } = await pglite.query<{ exists: boolean }>(
      `select to_regclass('public.${table}') is not null as exists`,
    );
    if (!rows[0]?.exists) continue;
    counts[table] = (await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  }
  return counts;
};

/** Opens the data directory `dir` (DATA_DIR's lock held), reads its counts, closes it. */
const openAndCount = async (lock: DataDirLock, dir: string, loadDataDir?: Blob) => {
  const database = await openPglite({ onDisk: { lock, path: dir }, ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    return await countsOf(database);
  } finally {
    await database.close();
  }
};

export const restoreBackup = async ({
  dataDir,
  file,
  log = () => undefined,
  now = new Date(),
}: {
  dataDir: string;
  file: string;
  log?: (line: string) => void;
  now?: Date;
}): Promise<RestoreSummary> => {
  const source = resolveBackupFile(dataDir, file);
  const lock = acquireDataDirLock(dataDir, { command: `npm run restore -- ${path.basename(source)}` });
  try {
    const live = pgliteDirOf(dataDir);
    const staging = `${live}.restoring-${stamp(now)}`;
    fs.rmSync(staging, { recursive: true, force: true });
    log(`Unpacking ${source}…`);
    let counts: RestoreSummary['counts'];
    try {
      counts = await openAndCount(lock, staging, new Blob([fs.readFileSync(source)]));
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(
        `${source} could not be opened as a Ginhawa backup (${err instanceof Error ? err.message : String(err)}). The current data was not touched.`,
        { cause: err },
      );
    }
    let movedAside: string | null = null;
    if (fs.existsSync(live)) {
      movedAside = `${live}.before-restore-${stamp(now)}`;
      fs.renameSync(live, movedAside);
    }
    fs.renameSync(staging, live);
    const reopened = await openAndCount(lock, live);
    if (JSON.stringify(reopened) !== JSON.stringify(counts))
      throw new Error(`The restored database reads differently once in place: ${JSON.stringify(reopened)}.`);
    log(
      `Restored ${path.basename(source)} (users: ${counts.users}, clients: ${counts.clients}, sales: ${counts.sales}).` +
        (movedAside ? ` The data in use before is kept in ${movedAside}.` : ''),
    );
    return { file: source, movedAside, counts };
  } finally {
    lock.release();
  }
};
