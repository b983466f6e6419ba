import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { backupSchema, type Backup } from '@ginhawa/contract';
import { buildApp } from '../../app';
import { openEmbedded, openPglite, pgliteDirOf, type Database } from '../../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../../lib/data-dir-lock';
import { loadEnv } from '../../plugins/env';
import { ADMIN_PASSWORD, TEST_SECRET, login } from '../../test/build';
import { seedTestData, tarball } from '../../test/database';
import { restoreBackup } from './backups.restore';

/**
 * The restore drill (decision 0700), on a real data directory on disk: a backup taken through the
 * API of the running app, data changed after it, the app stopped, `npm run restore`'s code run,
 * and the database opened again is exactly as it was at the backup.
 */

let dataDir: string;

const LOCK_OPTIONS = { command: 'restore drill server', exitOnSignals: false };

/** A new DATA_DIR starts from the tests' seeded data: the run's template when there is one. */
const seedOnDisk = async () => {
  const template = inject('pgliteTemplate');
  const lock = acquireDataDirLock(dataDir, LOCK_OPTIONS);
  try {
    const database = await openPglite({
      onDisk: { lock, path: pgliteDirOf(dataDir) },
      ...(template ? { loadDataDir: tarball(template) } : {}),
    });
    if (!template) {
      await database.migrate();
      await seedTestData(database);
    }
    await database.close();
  } finally {
    lock.release();
  }
};

/** DATA_DIR's database as the server opens it (openEmbedded: the lock first, released on close). */
const openOnDisk = async (): Promise<Database> => {
  if (!fs.existsSync(pgliteDirOf(dataDir))) await seedOnDisk();
  return openEmbedded(dataDir, LOCK_OPTIONS);
};

const startApp = async (database: Database) => {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  const app = await buildApp({ database, env, secretKey: TEST_SECRET, logger: false });
  await app.ready();
  return app;
};

/**
 * Every table's row count and a digest of its rows, sessions aside (a request touches its own
 * session's last use, and the restored sessions are compared by count).
 */
const fingerprint = async (database: Database) => {
  const pglite = database.pglite!;
  const tables = (
    await pglite.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => r.name);
  const print: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await pglite.query<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`,
    );
    print[table] = table === 'sessions' ? `${rows[0]!.n}` : `${rows[0]!.n} ${rows[0]!.digest}`;
  }
  return print;
};

const clientNamed = async (database: Database, lastName: string) =>
  (
    await database.pglite!.query<{ first_name: string }>('select first_name from clients where last_name = $1', [
      lastName,
    ])
  ).rows.map((r) => r.first_name);

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-drill-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('restore drill', { timeout: 180_000 }, () => {
  let backup: Backup;
  let atBackup: Record<string, string>;

  it('a backup taken through the API while serving, then more changes', async () => {
    const database = await openOnDisk();
    const app = await startApp(database);
    try {
      const admin = await login(app, 'admin', ADMIN_PASSWORD);
      const [location] = (await database.pglite!.query<{ id: number }>('select id from locations order by id limit 1'))
        .rows;
      const newClient = async (lastName: string, phone: string) => {
        const res = await admin.request({
          method: 'POST',
          url: '/api/clients/',
          payload: { first_name: 'Drill', last_name: lastName, phone, location: location!.id },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: number }>();
      };
      const before = await newClient('Beforebackup', '0917 700 0001');
      atBackup = await fingerprint(database);

      const res = await admin.request({ method: 'POST', url: '/api/backups/' });
      expect(res.statusCode, res.body).toBe(201);
      backup = backupSchema.parse(res.json());

      await newClient('Afterbackup', '0917 700 0002');
      const renamed = await admin.request({
        method: 'PATCH',
        url: `/api/clients/${before.id}/`,
        payload: { first_name: 'Renamed' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await fingerprint(database)).not.toEqual(atBackup);

      // The server is running: the restore refuses, naming it, and touches nothing.
      await expect(restoreBackup({ dataDir, file: backup.file_name })).rejects.toThrow(DataDirLockedError);
      await expect(restoreBackup({ dataDir, file: backup.file_name })).rejects.toThrow(/: restore drill server\./);
      expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.'))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('restored with the server stopped, the database is exactly as at the backup', async () => {
    const summary = await restoreBackup({ dataDir, file: backup.file_name });
    expect(summary.movedAside).toMatch(/pglite\.before-restore-\d{8}T\d{6}Z$/);
    expect(fs.existsSync(path.join(summary.movedAside!, 'PG_VERSION'))).toBe(true);
    expect(summary.counts.clients).toBe(Number(atBackup.clients!.split(' ')[0]));

    const database = await openOnDisk();
    try {
      expect(await fingerprint(database)).toEqual(atBackup);
      expect(await clientNamed(database, 'Beforebackup')).toEqual(['Drill']);
      expect(await clientNamed(database, 'Afterbackup')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a file that is not a backup is refused and the current data is not touched', async () => {
    const junk = path.join(dataDir, 'backups', 'not-a-backup.tar.gz');
    fs.writeFileSync(junk, 'this is not a tarball');
    const before = fs.readdirSync(pgliteDirOf(dataDir)).sort();
    await expect(restoreBackup({ dataDir, file: junk })).rejects.toThrow(
      /could not be opened as a Ginhawa backup .*The current data was not touched\./,
    );
    expect(fs.readdirSync(pgliteDirOf(dataDir)).sort()).toEqual(before);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('.restoring-'))).toEqual([]);
    await expect(restoreBackup({ dataDir, file: 'nowhere.tar.gz' })).rejects.toThrow(/No backup file at/);
    expect(fs.existsSync(path.join(dataDir, 'ginhawa.lock'))).toBe(false);
  });
});
