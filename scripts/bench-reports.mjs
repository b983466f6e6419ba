// npm run bench:reports [-- --sales 1000000 --iterations 1000 --warmup 1000 --db postgres,pglite]
// Seeds N sale lines (the `npm run seed -- --sales` generator) into a fresh database and times the
// leaderboard, location sales and daily sales report through the API beside the same SQL run bare,
// as a ratio of p95s, after `warmup` untimed runs of each. Budget (docs/performance.md):
// leaderboard p95 ≤ 50 ms and ≤ 1.5× bare SQL on PostgreSQL. PostgreSQL: BENCH_DATABASE_URL or
// DATABASE_URL names a server where the role may create databases (a temporary one is created
// and dropped). Without either, only PGlite runs.
import { tsImport } from 'tsx/esm/api';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const sales = Number(arg('sales', '1000000'));
const iterations = Number(arg('iterations', '1000'));
const warmup = Number(arg('warmup', '1000'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const dbs = arg('db', PG_URL ? 'postgres,pglite' : 'pglite').split(',');
if (dbs.includes('postgres') && !PG_URL) {
  console.error('PostgreSQL needs BENCH_DATABASE_URL or DATABASE_URL.');
  process.exit(2);
}

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
