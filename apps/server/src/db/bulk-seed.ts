import { openEmbedded, openPostgres, type Database } from './client';
import { seedDatabase, type SeedResult } from './seed';

/** The settings it needs (plugins/env.ts reads them). */
export type SeedEnv = {
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
};

/**
 * What every `npm run seed -- --<rows> N` starts and ends with: DATABASE_URL or the embedded
 * database under DATA_DIR, migrated, with the base demo data laid on an empty one; `addRows` then
 * adds the bulk rows, and the database is closed whatever happens.
 */
export const withSeededDatabase = async <T>(
  env: SeedEnv,
  addRows: (database: Database, base: SeedResult) => Promise<T>,
) => {
  const database = env.databaseUrl
    ? await openPostgres(env.databaseUrl, 2)
    : await openEmbedded(env.dataDir, { command: 'npm run seed' });
  try {
    await database.migrate();
    const base = await seedDatabase(database.db, {
      adminPassword: env.adminPassword,
      demoPassword: env.demoPassword,
      seedDemo: true,
      demoClients: 0,
    });
    return await addRows(database, base);
  } finally {
    await database.close();
  }
};
