import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../paths';

/**
 * Migrations never change once on main (decision 0715): `migrations/checksums.json` records each
 * `.sql` file's SHA-256 when it lands, `npm run db:checksums` appends only new files, and
 * `checksums.test.ts` fails on an edited or deleted one. Line endings are read as LF, so a
 * checkout that converts them (git's autocrlf) is not an edit.
 */
export const MIGRATIONS_DIR = MIGRATIONS_FOLDER;
export const MANIFEST_FILE = 'checksums.json';

export type Manifest = Record<string, string>;

export const sha256Of = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

export const readManifest = (dir: string): Manifest => {
  const file = path.join(dir, MANIFEST_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
};

export const writeManifest = (dir: string, manifest: Manifest) => {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
};

/** Landed files whose bytes differ, landed files gone, and files not recorded yet (in name order). */
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
  return { changed, missing, added };
};
