import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * recordSale (record-sale.service.ts) is the one way a row gets into `sales` (issue 32): this scans
 * the server's sources for any other insert into the table, by Drizzle or by SQL. Tests and the
 * `*.bulk-seed.ts` volume tools (`npm run seed -- --sales N`) write rows directly on purpose.
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const WRITER = path.join('modules', 'sales', 'record-sale.service.ts');

const INSERTS = [/\.insert\(\s*(?:schema\.)?sales\s*\)/, /insert\s+into\s+"?sales"?(?![\w"])/i];

/** Which of the files (named relative to src/) insert into `sales`. */
const insertersIn = (files: { name: string; text: string }[]) =>
  files.filter((f) => INSERTS.some((re) => re.test(f.text))).map((f) => f.name);

const sources = (): { name: string; text: string }[] =>
  (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts'))
    .filter((name) => !/\.(test|pg-test)\.ts$|\.bulk-seed\.ts$/.test(name))
    .map((name) => ({ name, text: fs.readFileSync(path.join(SRC, name), 'utf8') }));

describe('the sales ledger has one writer', () => {
  it('finds an insert into sales only in recordSale', () => {
    expect(insertersIn(sources())).toEqual([WRITER]);
  });

  it('would find another writer, by Drizzle or by SQL', () => {
    const probes = [
      { name: 'a.ts', text: 'await tx.insert(sales).values(rows);' },
      { name: 'b.ts', text: 'await tx\n  .insert( sales )\n  .values(rows);' },
      { name: 'c.ts', text: 'sql`INSERT INTO sales (date) values (${d})`' },
      { name: 'd.ts', text: 'sql`insert into "sales" (date) select …`' },
      { name: 'e.ts', text: 'await tx.insert(salesTargets).values(rows); sql`insert into sales_targets`' },
    ];
    expect(insertersIn(probes)).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts']);
  });
});
