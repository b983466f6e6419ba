import fs from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteDirOf, type Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../paths';
import { acquireDataDirLock, type DataDirLock } from '../../lib/data-dir-lock';
import { backupsDirOf } from './backups.service';

/**
 * `npm run restore -- FILE` (docs/operations.md, "Backups"): puts the embedded database under
 * DATA_DIR back exactly as it was when FILE was made. The server must be stopped: DATA_DIR's lock
 * is taken first, so while anything holds it the restore refuses, naming the holder, and nothing
 * can open the database half-way through. The backup is unpacked beside the current data and
 * opened there first, and checked to be a Ginhawa database of a schema this version runs
 * (checkIsOurs, decision 0711); only then does the current data move aside (kept, as
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

/** Rows per table (0 for a table an older backup does not have yet: the server migrates it on start; checkIsOurs has said it is ours). */
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

/** A file that opens as a database but is not one this version of Ginhawa can run (decision 0711). */
export class NotOurBackupError extends Error {}

type JournalEntry = { tag: string; when: number };

/** The migrations this version runs, oldest first: their tags and the stamps drizzle records for them. */
export const knownMigrations = (): JournalEntry[] =>
  (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/**
 * Whether the database is a Ginhawa one this version can run (decision 0711), before anything
 * moves: it has drizzle's migrations table, every migration it ran is one of ours (drizzle records
 * each by its journal stamp, unique to this repository), it starts at our first, and none is newer
 * than ours (an older schema is fine: the server migrates it on start). Its schema version is how
 * many of ours it ran.
 */
export const checkIsOurs = async (database: Database) => {
  const pglite = database.pglite!;
  const known = knownMigrations();
  const ours = `this version runs schema version ${known.length} (up to ${known.at(-1)!.tag})`;
  const { rows: table } = await pglite.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table[0]?.exists)
    throw new NotOurBackupError(
      `it is not a Ginhawa backup: it has no migrations table (drizzle.__drizzle_migrations)`,
    );
  const { rows } = await pglite.query<{ created_at: string }>(
    `select created_at::text from drizzle.__drizzle_migrations order by created_at`,
  );
  const stamps = new Map(known.map((m, i) => [String(m.when), i]));
  if (rows.length === 0 || stamps.get(rows[0]!.created_at) !== 0)
    throw new NotOurBackupError(`it is not a Ginhawa backup: its migrations are not Ginhawa's (${ours})`);
  const latest = known.at(-1)!.when;
  const newer = rows.filter((r) => Number(r.created_at) > latest);
  if (newer.length > 0)
    throw new NotOurBackupError(
      `it was made by a newer Ginhawa: schema version ${rows.length}, its newest migration from ` +
        `${day(Number(rows.at(-1)!.created_at))}, and ${ours}. Update Ginhawa, then restore it`,
    );
  const foreign = rows.filter((r) => !stamps.has(r.created_at));
  if (foreign.length > 0)
    throw new NotOurBackupError(
      `it is not a Ginhawa backup this version knows: ${foreign.length} of its migrations are not Ginhawa's (${ours})`,
    );
  const { rows: tables } = await pglite.query<{ missing: string[] }>(
    `select array(select t from unnest($1::text[]) t where to_regclass('public.' || t) is null) as missing`,
    [['users', 'audit_log', 'configurations']],
  );
  if (tables[0]!.missing.length > 0)
    throw new NotOurBackupError(`it is not a Ginhawa backup: it lacks the tables ${tables[0]!.missing.join(', ')}`);
  return rows.length;
};

/** Opens the data directory `dir` (DATA_DIR's lock held), checks it is ours, reads its counts, closes it. */
const openAndCount = async (lock: DataDirLock, dir: string, loadDataDir?: Blob) => {
  const database = await openPglite({ onDisk: { lock, path: dir }, ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    await checkIsOurs(database);
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
      if (err instanceof NotOurBackupError)
        throw new NotOurBackupError(`${source} was refused: ${err.message}. The current data was not touched.`, {
          cause: err,
        });
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
