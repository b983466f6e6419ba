import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { openEmbedded, openPostgres } from './db/client';
import { seedDatabase } from './db/seed';
import { loadEnv } from './plugins/env';
import { randomToken } from './lib/tokens';
import { purgeExpiredSessions } from './modules/users/auth.service';

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

const main = async () => {
  const env = loadEnv();
  // The embedded database is this process's alone: DATA_DIR's lock first, or exit naming its holder.
  const database = env.databaseUrl
    ? await openPostgres(env.databaseUrl)
    : await openEmbedded(env.dataDir, {
        command: `ginhawa server ${process.argv.slice(1).join(' ')}`,
        exitOnSignals: false,
      });
  await database.migrate();
  const seeded = await seedDatabase(database.db, {
    adminPassword: env.adminPassword,
    demoPassword: env.demoPassword,
    seedDemo: env.seedDemo,
  });
  const app = await buildApp({ database, env, secretKey: resolveSecretKey(env.dataDir, env.secretKey) });

  if (seeded.created) {
    const lines = [
      'New database: created the admin account.',
      `  username: admin  password: ${seeded.adminPassword ?? '(from ADMIN_PASSWORD)'}`,
    ];
    if (seeded.demoUsers.length) {
      lines.push(
        `  demo staff: ${seeded.demoUsers.join(', ')}  password: ${seeded.demoPassword ?? '(from DEMO_PASSWORD)'}`,
      );
    }
    lines.push('  These passwords are shown only once.');
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }

  const purge = setInterval(
    () => void purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
    60 * 60 * 1000,
  );
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.host, port: env.port });
  app.log.info(`Ginhawa is serving on http://localhost:${env.port} (${database.kind})`);
};

main().catch((err: unknown) => {
  process.stderr.write(`Ginhawa could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
