import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDirOf, type Database } from '../../db/client';
import { openEmptyPglite, openTestDatabase } from '../../test/database';
import { backupsDirOf } from './backups.service';
import { NotOurBackupError, knownMigrations, restoreBackup } from './backups.restore';

/**
 * Restore refuses what is not ours (decision 0711): a database that is not Ginhawa's, or of a
 * schema newer than this version runs, is refused before anything moves.
 */

let dataDir: string;
const live = () => pgliteDirOf(dataDir);
const MARKER = 'the-live-data-was-here';

/** What DATA_DIR holds besides its backups: the live data only, and inside it the marker. */
const untouched = () => {
  expect(
    fs
      .readdirSync(dataDir)
      .filter((n) => n !== 'backups')
      .sort(),
  ).toEqual(['pglite']);
  expect(fs.readdirSync(live())).toEqual([MARKER]);
};

/** A dump of `database` as it is now, written as a backup file under DATA_DIR/backups/. */
const writeDump = async (database: Database, name: string) => {
  const tarball = await database.pglite!.dumpDataDir('gzip');
  const file = path.join(backupsDirOf(dataDir), name);
  fs.writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  return file;
};

/**
 * Two backups of one database that is not Ginhawa's: a plain one (a table of widgets, no
 * migrations table), then the same with another drizzle project's migrations table and `users`
 * added. One empty database opened for both, dumped once a test first needs them.
 */
let foreignDumps: Promise<{ foreign: string; otherProject: string }> | undefined;
const foreignBackups = () =>
  (foreignDumps ??= (async () => {
    const database = await openEmptyPglite();
    try {
      await database.pglite!.exec(
        'create table widgets (id int primary key, name text); insert into widgets values (1, $$a$$);',
      );
      const foreign = await writeDump(database, 'ginhawa-0001-20261129-080000-manual.tar.gz');
      await database.pglite!.exec(`
        create schema drizzle;
        create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
        insert into drizzle.__drizzle_migrations (hash, created_at) values ('abc', 1700000000000);
        create table users (id int);`);
      const otherProject = await writeDump(database, 'other-project.tar.gz');
      return { foreign, otherProject };
    } finally {
      await database.close();
    }
  })());

/**
 * Two backups of one Ginhawa database: as it is, then with a migration newer than this version's
 * recorded. One database opened for both (each open is about a CPU-second), dumped once a test
 * first needs them.
 */
let ginhawaDumps: Promise<{ ours: string; newer: string }> | undefined;
const ginhawaBackups = () =>
  (ginhawaDumps ??= (async () => {
    // Embedded even on a PostgreSQL run: a backup is PGlite's data directory.
    const database = await openTestDatabase({ embedded: true });
    try {
      const ours = await writeDump(database, 'ours.tar.gz');
      const known = knownMigrations();
      await database.pglite!.query(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', $1)`,
        [known.at(-1)!.when + 86_400_000],
      );
      const newer = await writeDump(database, 'from-the-future.tar.gz');
      return { ours, newer };
    } finally {
      await database.close();
    }
  })());

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-restore-check-'));
  fs.mkdirSync(backupsDirOf(dataDir), { recursive: true });
  fs.mkdirSync(live(), { recursive: true });
  fs.writeFileSync(path.join(live(), MARKER), 'live');
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('restore refuses what is not ours', { timeout: 120_000 }, () => {
  it('a valid PostgreSQL dump of a database that is not Ginhawa is refused, nothing moved', async () => {
    const file = (await foreignBackups()).foreign;
    const refusal: unknown = await restoreBackup({ dataDir, file }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(NotOurBackupError);
    expect((refusal as Error).message).toMatch(
      /was refused: it is not a Ginhawa backup: it has no migrations table .*The current data was not touched\./,
    );
    untouched();
  });

  it("another drizzle project's database (a migrations table, not ours) is refused", async () => {
    const file = (await foreignBackups()).otherProject;
    await expect(restoreBackup({ dataDir, file })).rejects.toThrow(
      /it is not a Ginhawa backup: its migrations are not Ginhawa's \(this version runs schema version \d+/,
    );
    untouched();
  });

  it('a Ginhawa backup of a newer schema is refused, the version named', async () => {
    const known = knownMigrations();
    const file = (await ginhawaBackups()).newer;
    await expect(restoreBackup({ dataDir, file })).rejects.toThrow(
      new RegExp(
        `it was made by a newer Ginhawa: schema version ${known.length + 1}, .* this version runs schema version ${known.length} \\(up to ${known.at(-1)!.tag}\\)\\. Update Ginhawa`,
      ),
    );
    untouched();
  });

  it('a Ginhawa backup of this schema passes the check and is restored', async () => {
    const file = (await ginhawaBackups()).ours;
    const summary = await restoreBackup({ dataDir, file });
    expect(summary.counts.users).toBeGreaterThan(0);
    expect(fs.readdirSync(summary.movedAside!)).toEqual([MARKER]);
  });
});
