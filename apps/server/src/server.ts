import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { openEmbedded, openPostgres, type Database } from './db/client';
import { seedDatabase, topUpDemoData, watchDemoFloor, type DemoTopUp } from './db/seed';
import { loadEnv } from './plugins/env';
import { randomToken } from './lib/tokens';
import { purgeExpiredSessions } from './modules/users/index';

/** SECRET_KEY, else one generated once and kept under DATA_DIR. */
const resolveSecretKey = (dataDir: string, fromEnv?: string) => {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret_key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomToken() + randomToken();
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
};

type Env = ReturnType<typeof loadEnv>;

/** The embedded database is one process's alone: DATA_DIR's lock first, or exit naming its holder. */
const openDatabase = (env: Env) =>
  env.databaseUrl
    ? openPostgres(env.databaseUrl)
    : openEmbedded(env.dataDir, { command: `ginhawa server ${process.argv.slice(1).join(' ')}`, exitOnSignals: false });

const reportDemoTopUp = (booked: DemoTopUp) => {
  if (booked.length === 0) return;
  const reservations = booked.reduce((n, day) => n + day.reservations, 0);
  const dates = booked.map((day) => day.date).sort();
  process.stdout.write(
    `Demo database: booked ${reservations} demo reservations on the floor, ${dates[0]} to ${dates.at(-1)}.\n`,
  );
};
const reportDemoTopUpFailed = (err: unknown) => {
  const reason = err instanceof Error ? err.message : String(err);
  process.stderr.write(`The demo floor's coming days could not be booked: ${reason}\n`);
};

/**
 * A demo database started again: a branch whose floor has no reservation today gets the demo's
 * coming days again (decision 0906). Failing to is told, and the server starts all the same.
 */
const topUpDemo = async (database: Database) => {
  try {
    reportDemoTopUp(await topUpDemoData(database.db));
  } catch (err) {
    reportDemoTopUpFailed(err);
  }
};

/**
 * Migrates, and on an empty database creates the admin account (and demo data), printing the
 * passwords once; a demo database made earlier gets its floor's coming days again.
 */
const prepare = async (env: Env, database: Database) => {
  await database.migrate();
  const seeded = await seedDatabase(database.db, {
    adminPassword: env.adminPassword,
    adminName: { firstName: env.adminFirstName, lastName: env.adminLastName },
    demoPassword: env.demoPassword,
    seedDemo: env.seedDemo,
  });
  if (!seeded.created) {
    await topUpDemo(database);
    return;
  }
  const lines = [
    'New database: created the admin account.',
    `  username: admin  password: ${seeded.adminPassword ?? '(from ADMIN_PASSWORD)'}`,
  ];
  if (seeded.demoUsers.length) {
    lines.push(
      `  demo staff: ${seeded.demoUsers.join(', ')}  password: ${seeded.demoPassword ?? '(from DEMO_PASSWORD)'}`,
    );
  }
  // A real business's first Admin must replace the password from the settings or this log (decision 0017).
  if (!seeded.demoUsers.length) lines.push('  Signing in with it, the admin is asked to choose their own password.');
  lines.push('  These passwords are shown only once.');
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
};

const PREPARE_FLAG = '--prepare-database';

/**
 * A new embedded database is created and seeded by a short-lived child process: building the demo
 * data leaves ~150 MB in the allocator that a long-running server would keep for ever
 * (docs/performance.md, "Memory of the embedded server").
 */
const prepareInChild = () => {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', PREPARE_FLAG], {
    stdio: 'inherit',
    env: process.env,
  });
  if (child.status !== 0) throw new Error(`preparing the new database failed (exit ${child.status ?? child.signal})`);
};

const main = async () => {
  const env = loadEnv();
  if (process.argv.includes(PREPARE_FLAG)) {
    const database = await openDatabase(env);
    await prepare(env, database);
    await database.close();
    return;
  }
  if (!env.databaseUrl && !fs.existsSync(path.join(env.dataDir, 'pglite', 'PG_VERSION'))) prepareInChild();
  const database = await openDatabase(env);
  await prepare(env, database);
  const app = await buildApp({ database, env, secretKey: resolveSecretKey(env.dataDir, env.secretKey) });

  const purge = setInterval(
    () => void purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
    60 * 60 * 1000,
  );
  purge.unref();
  // A demo server left running books each new Manila day as a start would (decision 0906).
  const demoDays = await watchDemoFloor(database.db, { onBooked: reportDemoTopUp, onError: reportDemoTopUpFailed });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await demoDays?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.host, port: env.port });
  app.log.info({ node: process.version }, `Ginhawa is serving on http://localhost:${env.port} (${database.kind})`);
};

main().catch((err: unknown) => {
  process.stderr.write(`Ginhawa could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
