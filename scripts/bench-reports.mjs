// npm run bench:reports [-- --sales 1000000 --iterations 1000 --warmup 1000 --db postgres,pglite]
// Seeds N sale lines (the `npm run seed -- --sales` generator) into a fresh database and times the
// leaderboard, location sales and daily sales report through the API beside the same SQL run bare,
// as a ratio of p95s, after `warmup` untimed runs of each. Budget (docs/performance.md):
// leaderboard p95 ≤ 50 ms and ≤ 1.5× bare SQL on PostgreSQL. PostgreSQL: BENCH_DATABASE_URL or
// DATABASE_URL names a server where the role may create databases (a temporary one is created
// and dropped). Without either, only PGlite runs.
import { tsImport } from 'tsx/esm/api';
import { arg, benchDatabases, PG_URL } from './bench-args.mjs';

const sales = Number(arg('sales', '1000000'));
const iterations = Number(arg('iterations', '1000'));
const warmup = Number(arg('warmup', '1000'));
const dbs = benchDatabases('postgres,pglite');

const { benchReports } = await tsImport('../apps/server/src/modules/reports/reports.bench.ts', import.meta.url);
let failed = false;
for (const kind of dbs) {
  const rows = await benchReports({
    kind,
    adminUrl: PG_URL,
    sales,
    iterations,
    warmup,
    log: (line) => console.log(line),
  });
  if (kind === 'postgres') {
    const board = rows.find((r) => r.name === 'leaderboard (cutoff 1)');
    const ok = board.p95 <= 50 && board.ratio <= 1.5;
    console.log(
      `postgres leaderboard budget (p95 ≤ 50 ms, ≤ 1.5× bare): ${ok ? 'met' : 'MISSED'} (p95 ${board.p95.toFixed(1)} ms, ×${board.ratio.toFixed(2)})`,
    );
    failed ||= !ok;
  }
}
process.exit(failed ? 1 : 0);
