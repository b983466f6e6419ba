// npm run bench:invoicing [-- --rounds 5 --z-docs 2000 --per-day 60 --journal 100000 --db postgres]
// The readings, books and journal figures of issue 33 (apps/server/src/modules/invoicing/readings.bench.ts),
// interleaved rounds, each beside its floor: a Z reading of a terminal with 2,000 documents that day
// ≤ 100 ms; the E-1 sales summary of a year of 4 branches ≤ 1 s; verifying 100,000 journal entries
// ≤ 5 s. The desks' numbering figure is bench:invoicing-desks. PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL.
import { tsImport } from 'tsx/esm/api';
import { arg, benchDatabases, PG_URL } from './bench-args.mjs';

const dbs = benchDatabases('postgres');
const { benchReadings } = await tsImport('../apps/server/src/modules/invoicing/readings.bench.ts', import.meta.url);
let failed = false;
for (const kind of dbs) {
  const result = await benchReadings({
    kind,
    adminUrl: PG_URL,
    rounds: Number(arg('rounds', '5')),
    zDocs: Number(arg('z-docs', '2000')),
    perDay: Number(arg('per-day', '60')),
    journal: Number(arg('journal', '100000')),
    log: (line) => console.log(line),
  });
  failed ||= !result.ok;
}
process.exit(failed ? 1 : 0);
