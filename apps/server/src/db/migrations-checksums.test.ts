import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, checkMigrations, readManifest, sha256Of, writeManifest } from './migrations-checksums';

const HOW = 'A landed migration never changes: undo the edit and add a new migration (npm run db:generate).';
const RECORD = 'A new migration: record its checksum with `npm run db:checksums` (it writes meta/_journal.json).';

const entry = (idx: number, name: string) => ({
  idx,
  version: '7',
  when: 1_795_000_000_000 + idx,
  tag: `000${idx}_${name}`,
  breakpoints: true,
});

describe('migrations never change once on main (decision 0715)', () => {
  it('every migration file has the checksum recorded when it landed', () => {
    const { changed, missing, added } = checkMigrations(MIGRATIONS_DIR, readManifest(MIGRATIONS_DIR));
    expect(changed, HOW).toEqual([]);
    expect(missing, HOW).toEqual([]);
    expect(
      added.map((a) => a.name),
      RECORD,
    ).toEqual([]);
  });

  it('the manifest covers the house migrations from the first', () => {
    const manifest = readManifest(MIGRATIONS_DIR);
    expect(Object.keys(manifest)[0]).toBe('0000_foundation.sql');
    expect(Object.keys(manifest).length).toBeGreaterThanOrEqual(27);
  });

  it('an edit to a landed migration is caught, a new file is only added, a deleted one is named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-migrations-'));
    try {
      // drizzle-kit's journal, as it writes it: the checksums live in its entries (decision 1055).
      fs.mkdirSync(path.join(dir, 'meta'));
      const journal = { version: '7', dialect: 'postgresql', entries: [entry(0, 'a'), entry(1, 'b')] };
      fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
      fs.writeFileSync(path.join(dir, '0000_a.sql'), 'create table a (id int);\n');
      fs.writeFileSync(path.join(dir, '0001_b.sql'), 'create table b (id int);\n');
      writeManifest(dir, { '0000_a.sql': sha256Of('create table a (id int);\n') });
      // The entry keeps what drizzle-kit and its migrator read, and gains its checksum.
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'))).toEqual({
        ...journal,
        entries: [{ ...entry(0, 'a'), sha256: sha256Of('create table a (id int);\n') }, entry(1, 'b')],
      });
      expect(() => writeManifest(dir, { '0002_c.sql': sha256Of('') })).toThrow('Not in the journal: 0002_c.sql');
      expect(checkMigrations(dir, readManifest(dir))).toEqual({
        changed: [],
        missing: [],
        added: [{ name: '0001_b.sql', sha256: sha256Of('create table b (id int);\n') }],
        gaps: [],
      });
      // A journal that lost an earlier entry's checksum: named, so it is restored, not recorded anew.
      expect(checkMigrations(dir, { '0001_b.sql': sha256Of('create table b (id int);\n') }).gaps).toEqual([
        '0000_a.sql',
      ]);
      // Eleven minutes after landing, a column added in place: caught.
      fs.writeFileSync(path.join(dir, '0000_a.sql'), 'create table a (id int, note text);\n');
      expect(checkMigrations(dir, readManifest(dir)).changed).toEqual(['0000_a.sql']);
      // A checkout with CRLF line endings is the same file.
      fs.writeFileSync(path.join(dir, '0000_a.sql'), 'create table a (id int);\r\n');
      expect(checkMigrations(dir, readManifest(dir)).changed).toEqual([]);
      fs.rmSync(path.join(dir, '0000_a.sql'));
      expect(checkMigrations(dir, readManifest(dir)).missing).toEqual(['0000_a.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
