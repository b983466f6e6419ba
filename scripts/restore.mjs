// npm run restore -- FILE
// Puts the embedded database under DATA_DIR (default ./data/) back exactly as it was when FILE was
// made: a backup from the panel (Settings → Backups), the nightly ones, or `POST /api/backups/`.
// FILE is a path, or the name of a file under DATA_DIR/backups/. Stop the server first: while
// anything holds DATA_DIR's lock this refuses, naming it. The data in use before is kept as
// DATA_DIR/pglite.before-restore-<time>. On PostgreSQL, restore with pg_restore (docs/operations.md).
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run restore -- FILE   (a backup file, or its name under DATA_DIR/backups/)');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: this restores the embedded database only. Restore PostgreSQL with pg_restore (docs/operations.md).',
  );
  process.exit(2);
}

const { restoreBackup } = await tsImport('../apps/server/src/modules/backups/backups.restore.ts', import.meta.url);
const { loadEnv } = await tsImport('../apps/server/src/plugins/env.ts', import.meta.url);
try {
  // npm runs scripts from the repository root; a relative FILE means where the command was typed.
  const given = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  await restoreBackup({ dataDir: loadEnv().dataDir, file: given, log: (line) => console.log(line) });
} catch (err) {
  // The lock's refusal and a damaged file are sentences for the operator, not stacks.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
