import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../paths';

/**
 * Migrations never change once on main (decisions 0715, 1055): each entry of drizzle-kit's own
 * `migrations/meta/_journal.json` carries its `.sql` file's SHA-256 (`sha256`) once it is recorded,
 * `npm run db:checksums` records only entries without one, and `migrations-checksums.test.ts` fails
 * on an edited or deleted file. drizzle-kit keeps the field when it appends the next migration, so
 * generating a migration writes its three files and no fourth. Line endings are read as LF, so a
 * checkout that converts them (git's autocrlf) is not an edit.
 */
export const MIGRATIONS_DIR = MIGRATIONS_FOLDER;
export const JOURNAL_FILE = path.join('meta', '_journal.json');

/** `.sql` file name → its recorded SHA-256. */
export type Manifest = Record<string, string>;
type Journal = { entries: { tag: string; sha256?: string }[] };

export const sha256Of = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

const readJournal = (dir: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')) as Journal;

/** The checksums the journal records, by file name. */
export const readManifest = (dir: string): Manifest =>
  Object.fromEntries(
    readJournal(dir)
      .entries.filter((entry) => entry.sha256 !== undefined)
      .map((entry) => [`${entry.tag}.sql`, entry.sha256!]),
  );

/** Writes each checksum into its journal entry (as drizzle-kit writes the file: two-space JSON). */
export const writeManifest = (dir: string, manifest: Manifest) => {
  const journal = readJournal(dir);
  const tags = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
  const stray = Object.keys(manifest).filter((name) => !tags.has(name));
  if (stray.length > 0) throw new Error(`Not in the journal: ${stray.join(', ')}`);
  for (const entry of journal.entries) {
    const sha256 = manifest[`${entry.tag}.sql`];
    if (sha256 !== undefined) entry.sha256 = sha256;
  }
  fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${JSON.stringify(journal, null, 2)}\n`);
};

/**
 * Landed files whose bytes differ, landed files gone, files not recorded yet (in name order), and
 * which of those come before a recorded one: checksums are recorded in order, so such a gap means
 * the journal lost some (restore them from git; recording them again would bless any edit).
 */
export const checkMigrations = (dir: string, manifest: Manifest) => {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const changed: string[] = [];
  const added: { name: string; sha256: string }[] = [];
  for (const name of files) {
    const sha256 = sha256Of(fs.readFileSync(path.join(dir, name), 'utf8'));
    const recorded = manifest[name];
    if (recorded === undefined) added.push({ name, sha256 });
    else if (recorded !== sha256) changed.push(name);
  }
  const missing = Object.keys(manifest).filter((name) => !files.includes(name));
  const lastRecorded = Object.keys(manifest).sort().at(-1) ?? '';
  const gaps = added.filter((a) => a.name < lastRecorded).map((a) => a.name);
  return { changed, missing, added, gaps };
};
