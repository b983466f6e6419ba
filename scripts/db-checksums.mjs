// npm run db:checksums
// Records the SHA-256 of every migration whose entry in apps/server/src/db/migrations/meta/_journal.json
// has none yet, and never changes one already there: a migration is frozen once it lands on main
// (decisions 0715, 1055; docs/architecture.md "How to add a migration"). An edited or deleted landed migration is refused
// here and by db/migrations/checksums.test.ts; the fix is a new migration, not a new checksum.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { MIGRATIONS_DIR, checkMigrations, readManifest, writeManifest } = await tsImport(
  '../apps/server/src/db/migrations-checksums.ts',
  import.meta.url,
);
const manifest = readManifest(MIGRATIONS_DIR);
const { changed, missing, added, gaps } = checkMigrations(MIGRATIONS_DIR, manifest);
// The house's journal always records its first migrations: none, or a gap, means the checksums were
// lost (a hand edit, a drizzle-kit that stopped keeping the field), and recording them now would bless any edit.
const lost = Object.keys(manifest).length === 0 ? ['every migration'] : gaps;
if (changed.length || missing.length || lost.length) {
  for (const name of changed) console.error(`${name} changed after it landed: undo the edit and add a new migration.`);
  for (const name of missing) console.error(`${name} is recorded but gone: restore it from git.`);
  for (const name of lost)
    console.error(
      `${name}: its checksum is gone from meta/_journal.json; restore the journal's sha256 fields from git.`,
    );
  process.exit(1);
}
if (added.length === 0) {
  console.log(`All ${Object.keys(manifest).length} migrations are recorded; nothing to add.`);
  process.exit(0);
}
writeManifest(MIGRATIONS_DIR, { ...manifest, ...Object.fromEntries(added.map((a) => [a.name, a.sha256])) });
for (const { name } of added) console.log(`recorded ${name}`);
console.log(`in ${fileURLToPath(new URL('../apps/server/src/db/migrations/meta/_journal.json', import.meta.url))}`);
