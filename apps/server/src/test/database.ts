import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, pgliteDatabase, type Database } from '../db/client';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { seedDatabase } from '../db/seed';
import { users } from '../db/schema/index';
import { putBack, readTemplateState, unusedCopy, type TemplateCopy, type TemplateState } from './template-copy';

declare module 'vitest' {
  // Declaration merging (what vitest's inject() reads) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The migrated and seeded PGlite data directory, as a tarball file (PGlite runs). */
    pgliteTemplate?: string;
    /** The migrated PGlite data directory before any seed, as a tarball file (every run). */
    pgliteMigrated?: string;
    /** A fresh PGlite data directory, no migration run, as a tarball file (every run). */
    pgliteEmpty?: string;
    /** The migrated and seeded template database's name (TEST_DATABASE_URL runs). */
    postgresTemplate?: string;
  }
}

export const ADMIN_PASSWORD = 'admin-test-passphrase';
export const DEMO_PASSWORD = 'demo-test-passphrase';

/**
 * The seeded people's passwords hashed at argon2id's lowest cost (decision 1087): the tests sign in
 * about 560 times a run, each a 15 ms verify at the product's cost (19 MiB, 2 passes), and a verify
 * reads the cost from the hash. Passwords the tests set through the API are hashed as in production.
 */
const TEST_ARGON2 = { memoryCost: 8, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

/** The demo data every test file starts from: 200 demo clients, not 2,000. */
export const seedTestData = async (database: Database) => {
  await seedDatabase(database.db, {
    adminPassword: ADMIN_PASSWORD,
    demoPassword: DEMO_PASSWORD,
    seedDemo: true,
    demoClients: 200,
    // Each invoicing test turns it on; the others exercise the plain sale (decision 1014).
    invoicing: 'off',
  });
  const seeded = await database.db.selectDistinct({ passwordHash: users.passwordHash }).from(users);
  for (const { passwordHash } of seeded) {
    for (const password of [ADMIN_PASSWORD, DEMO_PASSWORD]) {
      if (!(await verify(passwordHash, password))) continue;
      const cheap = await hash(password, TEST_ARGON2);
      await database.db.update(users).set({ passwordHash: cheap }).where(eq(users.passwordHash, passwordHash));
    }
  }
};

/**
 * Drops a test database. FORCE ends our own leftover connections; an autovacuum worker that
 * happens to be in it cannot be ended by a non-superuser (PostgreSQL refuses with 42501 unless the
 * role has pg_signal_backend, which .ci/run grants), and it leaves by itself within moments: try again.
 */
export const dropDatabase = async (url: string, name: string) => {
  const dropper = new pg.Client({ connectionString: url });
  await dropper.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
        return;
      } catch (err) {
        if (attempt >= 20 || (err as { code?: string }).code !== '42501') throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await dropper.end();
  }
};

/**
 * Creates database `name`, a copy of `template` when given. Copying fails with 55006 while
 * anything else is connected to the template (an autovacuum worker passing by): try again.
 */
const createDatabase = async (url: string, name: string, template?: string) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (err) {
        if (attempt >= 40 || (err as { code?: string }).code !== '55006') throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
};

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * The tests' PGlite settings (decision 1073): 16 MB of shared buffers instead of 128 MB (PGlite
 * zero-fills its shared memory at every start, about a tenth of a file's start-up CPU, while a test
 * database is a few megabytes that live in memory anyway), and no zero-filling of the 16 MB WAL
 * segment each start begins. Neither changes what a query answers.
 */
export const PGLITE_TEST_SETTINGS = { shared_buffers: '16MB', wal_init_zero: 'off' };

// The tarballs read so far, one Blob each, kept by the worker for its next files (the server
// project runs without per-file isolation, vitest.config.ts): a Blob is immutable and PGlite
// copies it out, so every file still gets its own database.
const tarballs = new Map<string, Blob>();

/** A tarball of a data directory as PGlite loads it, read from disk once per worker. */
export const tarball = (file: string): Blob => {
  let blob = tarballs.get(file);
  if (!blob) tarballs.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
};

/**
 * Migrates and seeds the database every server test file starts from, once per run (the server
 * project's globalSetup, see vitest.config.ts): migrating and seeding per file cost more than most
 * files' tests (docs/operations.md, "The suite's time"). On PGlite the data directory becomes a
 * tarball in a temporary directory; on PostgreSQL a template database. Answers what to provide to
 * the test files, and the clean-up. Either way the migrated data directory before any seed is a
 * tarball too (openMigratedPglite): the tests of seeding a real business start from it instead of
 * migrating in their bodies.
 */
export const prepareTemplate = async (): Promise<{
  provided: { pgliteTemplate?: string; postgresTemplate?: string; pgliteMigrated?: string; pgliteEmpty?: string };
  cleanUp: () => Promise<void>;
}> => {
  const url = process.env.TEST_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-test-template-'));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  const migratedFile = path.join(dir, 'migrated.tar');
  const emptyFile = path.join(dir, 'empty.tar');
  const file = path.join(dir, 'pgdata.tar');
  // Uncompressed: loading a tarball is faster than inflating it, and the files live only for this run.
  const writeDataDir = async (database: Database, to: string) =>
    fs.writeFileSync(to, Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer()));
  const database = await openPglite();
  try {
    await writeDataDir(database, emptyFile);
    // PostgreSQL's template databases, template0 and template1, are two thirds of the data
    // directory's 1,300 files, and every test file's start unpacks them; nothing in a test creates
    // a database on PGlite (decision 1073).
    for (const name of ['template0', 'template1']) {
      await database.pglite!.exec(`alter database ${name} is_template false`);
      await database.pglite!.exec(`drop database ${name}`);
    }
    await database.migrate();
    await writeDataDir(database, migratedFile);
    if (!url) {
      await seedTestData(database);
      await writeDataDir(database, file);
    }
  } finally {
    await database.close();
  }
  if (url) {
    const name = `ginhawa_tpl_${process.pid}_${Date.now()}`;
    await createDatabase(url, name);
    const postgres = await openPostgres(databaseUrl(url, name), 2);
    try {
      await postgres.migrate();
      await seedTestData(postgres);
    } finally {
      await postgres.close();
    }
    return {
      provided: { postgresTemplate: name, pgliteMigrated: migratedFile, pgliteEmpty: emptyFile },
      cleanUp: async () => {
        await dropDatabase(url, name);
        await removeDir();
      },
    };
  }
  return {
    provided: { pgliteTemplate: file, pgliteMigrated: migratedFile, pgliteEmpty: emptyFile },
    cleanUp: removeDir,
  };
};

/**
 * A new embedded database as initdb makes it, not Ginhawa's (no migration run): a copy of the run's
 * fresh snapshot (prepareTemplate), for the tests of what is refused as not ours. initdb in each
 * test cost about 2 CPU-s, a copy 0.7.
 */
export const openEmptyPglite = async (): Promise<Database> => {
  const file = inject('pgliteEmpty');
  return file ? openPglite({ loadDataDir: tarball(file), settings: PGLITE_TEST_SETTINGS }) : openPglite();
};

/**
 * A new embedded database, migrated and nothing else: a copy of the run's migrated snapshot
 * (prepareTemplate), for the tests of what seeding a real business's database does. Without the
 * snapshot (a file run outside the server project) it migrates its own.
 */
export const openMigratedPglite = async (): Promise<Database> => {
  const file = inject('pgliteMigrated');
  if (file) return openPglite({ loadDataDir: tarball(file), settings: PGLITE_TEST_SETTINGS });
  const database = await openPglite({ settings: PGLITE_TEST_SETTINGS });
  await database.migrate();
  return database;
};

// The worker's copies of the template put back after use, and the template's state they are put
// back to (test/template-copy.ts, decision 1086).
const spareCopies: TemplateCopy[] = [];
let templateRead: { file: string; state: TemplateState } | undefined;
/** How each copy handed out goes back to spareCopies (closeTestDatabase). */
const givingBack = new WeakMap<Database, () => Promise<void>>();

/**
 * A copy of the template on PGlite: one a finished file gave back when there is one, else a new
 * one. Its own `close` closes it for good (a test that closes the database under a running app
 * means an outage); closeTestDatabase, once nothing uses it, puts it back instead.
 */
const openTemplateCopy = async (file: string): Promise<Database> => {
  let copy = templateRead?.file === file ? spareCopies.pop() : undefined;
  if (!copy) {
    const { pglite } = await openPglite({ loadDataDir: tarball(file), settings: PGLITE_TEST_SETTINGS });
    if (templateRead?.file !== file) templateRead = { file, state: await readTemplateState(pglite!) };
    copy = unusedCopy(pglite!, templateRead.state);
  }
  const own = copy;
  const database = pgliteDatabase(own.pglite);
  let givenBack = false;
  givingBack.set(database, async () => {
    if (givenBack) return;
    givenBack = true;
    if (templateRead && (await putBack(own, templateRead.state))) spareCopies.push(own);
    else await database.close();
  });
  return database;
};

/**
 * Closes a test database once nothing uses it any more (its app closed first). A PGlite copy of
 * the template goes back to the worker instead, put back to the template's state for the next file.
 */
export const closeTestDatabase = async (database: Database) => {
  const giveBack = givingBack.get(database);
  if (giveBack) await giveBack();
  else await database.close();
};

/**
 * A fresh database per test file, already migrated and seeded: a copy of the run's template
 * (prepareTemplate) as an in-memory PGlite, or as a new database on TEST_DATABASE_URL's server.
 * Each copy is independent: what one file writes, no other file sees. Without a template (a file
 * run outside the server project) it migrates and seeds its own.
 */
export const openTestDatabase = async ({ embedded = false }: { embedded?: boolean } = {}): Promise<Database> => {
  // `embedded`: PGlite even on a PostgreSQL run (what only the embedded database does: backups).
  const url = embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = inject('pgliteTemplate');
    if (file) return openTemplateCopy(file);
    const database = await openPglite({ settings: PGLITE_TEST_SETTINGS });
    await database.migrate();
    await seedTestData(database);
    return database;
  }
  const template = inject('postgresTemplate');
  const name = `ginhawa_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await createDatabase(url, name, template);
  const database = await openPostgres(databaseUrl(url, name), 5);
  if (!template) {
    await database.migrate();
    await seedTestData(database);
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(url, name);
    },
  };
};
