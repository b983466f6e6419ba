// npm run bench:payroll [-- --therapists 200 --arrivals 60000 --runs 5 --reads 200 --history 0 --explain --pending --db postgres,pglite]
// Seeds one branch with N therapists and M arrivals in last month's first cutoff (and in each of
// the --history cutoffs before it, computed and approved first: what the adjustment pass reprices) into a fresh
// database, computes its pay run through the API beside the bare SQL of the same sums (and, on PostgreSQL, a bare
// INSERT … SELECT of the same lines into a copy of pay_run_lines: the first compute's floor), then reads
// the approved run. Budgets (docs/performance.md): computing ≤ 2 s and reading p95 ≤ 50 ms on
// PostgreSQL. PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL names a server where the role may
// create databases (a temporary one is created and dropped). Without either, only PGlite runs.
import { tsImport } from 'tsx/esm/api';
import { arg, benchDatabases, PG_URL } from './bench-args.mjs';

const dbs = benchDatabases('postgres');

const { benchPayroll } = await tsImport('../apps/server/src/modules/payroll/payroll.bench.ts', import.meta.url);
let failed = false;
for (const kind of dbs) {
  const result = await benchPayroll({
    kind,
    adminUrl: PG_URL,
    therapists: Number(arg('therapists', '200')),
    arrivals: Number(arg('arrivals', '60000')),
    computeRuns: Number(arg('runs', '5')),
    reads: Number(arg('reads', '200')),
    history: Number(arg('history', '0')),
    explain: process.argv.includes('--explain'),
    pending: process.argv.includes('--pending'),
    log: (line) => console.log(line),
  });
  if (kind === 'postgres') {
    const ok = result.computeMax <= 2000 && result.readP95 <= 50;
    console.log(`postgres budget (compute ≤ 2 s, read p95 ≤ 50 ms): ${ok ? 'met' : 'MISSED'}`);
    failed ||= !ok;
  }
}
process.exit(failed ? 1 : 0);
