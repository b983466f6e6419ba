// npm run bench:invoicing-desks [-- --desks 20 --rounds 6 --db postgres]
// Desks checking out at once with invoicing off (the floor), on with one terminal, and on with two,
// in rotating rounds (apps/server/src/modules/sales/invoicing-desks.bench.ts): min/p50/p95/max, the
// ratio to the floor, the load average, and whether every terminal's numbers are consecutive.
// Goal (issue 33): p95 with the invoice ≤ 1.5× off. PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL.
import { tsImport } from 'tsx/esm/api';
import { arg, benchDatabases, PG_URL } from './bench-args.mjs';

const desks = Number(arg('desks', '20'));
const rounds = Number(arg('rounds', '6'));
const dbs = benchDatabases('postgres');

const { benchInvoicingDesks } = await tsImport(
  '../apps/server/src/modules/sales/invoicing-desks.bench.ts',
  import.meta.url,
);
let failed = false;
for (const kind of dbs) {
  const result = await benchInvoicingDesks({ kind, adminUrl: PG_URL, desks, rounds, log: (line) => console.log(line) });
  failed ||= !result.consecutive;
}
process.exit(failed ? 1 : 0);
