import { cutoffDates, monthBounds, todayInManila } from '@ginhawa/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { benchDatabase, loadAverage, pct, seedBench, startBenchApp } from '../../test/bench-kit';
import { insertDemoSales } from './sales.bulk-seed';
import { leaderboardSql } from './leaderboard.service';
import { dailySalesReportSql, locationSalesSql } from './sales-reports.service';
import { rowsOf } from '../sales/shared';

export type BenchOptions = {
  kind: 'postgres' | 'pglite';
  adminUrl?: string;
  sales: number;
  iterations: number;
  warmup: number;
  log: (line: string) => void;
};
export type BenchRow = {
  db: string;
  name: string;
  p50: number;
  p95: number;
  bareP50: number;
  bareP95: number;
  ratio: number;
};

type BenchCase = { name: string; url: string; bare: SQL; before?: () => Promise<void>; screens?: number };

/** Migrates, seeds the demo (no demo clients) and adds `options.sales` sale lines. */
const seedBenchDatabase = async (database: Database, options: BenchOptions) => {
  await seedBench(database, 0);
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    if (database.kind === 'pglite') await tx.execute(sql`set local session_replication_role = replica`);
    await insertDemoSales(tx, options.sales);
  });
  await database.db.execute(sql`vacuum analyze sales`);
  options.log(
    `${options.kind}: ${options.sales.toLocaleString('en')} sales seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
};

/** The reports timed, each with the SQL it runs bare, for the current Manila month. */
const benchCases = async (database: Database): Promise<BenchCase[]> => {
  const today = todayInManila();
  // A branch's board (its own sales): the first active location, as a Manager's screen asks for it.
  const [branch] = await rowsOf<{ id: number }>(
    database.db,
    sql`select min(id)::int as id from locations where is_active`,
  );
  const location = Number(branch!.id);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const c1 = cutoffDates(year, month, 1);
  const whole = monthBounds(year, month);
  const bump = async () => {
    await database.db.execute(sql`update leaderboard_version set version = version + 1`);
  };
  const board = `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=1`;
  return [
    { name: 'leaderboard (cutoff 1)', url: board, bare: leaderboardSql(c1.from, c1.to, 1) },
    {
      name: 'leaderboard (whole month)',
      url: `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=0`,
      bare: leaderboardSql(whole.from, whole.to, 0),
    },
    {
      name: 'leaderboard (one location)',
      url: `${board}&location=${location}`,
      bare: leaderboardSql(c1.from, c1.to, 1, location),
    },
    { name: 'leaderboard after a change', url: board, bare: leaderboardSql(c1.from, c1.to, 1), before: bump },
    {
      name: '20 screens after a change',
      url: board,
      bare: leaderboardSql(c1.from, c1.to, 1),
      before: bump,
      screens: 20,
    },
    {
      name: 'location sales (month)',
      url: `/api/reports/get-location-sales/?month=${month}&year=${year}`,
      bare: locationSalesSql(whole.from, whole.to),
    },
    {
      name: 'daily sales report (today)',
      url: `/api/reports/get-daily-sales-report/?date=${today}`,
      bare: dailySalesReportSql(today),
    },
  ];
};

const logRow = (row: BenchRow, log: (line: string) => void) =>
  log(
    `${row.db.padEnd(8)} ${row.name.padEnd(28)} API p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms | bare SQL p50 ${row.bareP50.toFixed(1).padStart(7)} ms  p95 ${row.bareP95.toFixed(1).padStart(7)} ms | ×${row.ratio.toFixed(2)}`,
  );

/** Warms every case up, then times each `options.iterations` times: percentiles of the API and of the bare SQL. */
const timeCases = async (
  database: Database,
  get: (url: string) => Promise<void>,
  cases: BenchCase[],
  options: BenchOptions,
): Promise<BenchRow[]> => {
  /**
   * One run of a case: the API (as many screens at once as the case has) and its bare SQL, the
   * bare SQL first in odd runs (`flip`), so neither always runs on the other's warm cache.
   */
  const run = async (c: BenchCase, flip = false) => {
    const timeApi = async () => {
      await c.before?.();
      const t = performance.now();
      await Promise.all(screens.map(() => get(c.url)));
      return performance.now() - t;
    };
    const timeBare = async () => {
      const t = performance.now();
      await Promise.all(screens.map(() => database.db.execute(c.bare)));
      return performance.now() - t;
    };
    const screens = Array.from({ length: c.screens ?? 1 });
    if (flip) {
      const bare = await timeBare();
      return { api: await timeApi(), bare };
    }
    const api = await timeApi();
    return { api, bare: await timeBare() };
  };
  // Every case warmed up before any is timed, so the first is not measured while the server
  // still compiles or the database settles after seeding.
  for (const c of cases) for (let i = 0; i < options.warmup; i += 1) await run(c);
  const rows: BenchRow[] = [];
  for (const c of cases) {
    const api: number[] = [];
    const bare: number[] = [];
    const before = loadAverage();
    for (let i = 0; i < options.iterations; i += 1) {
      const timed = await run(c, i % 2 === 1);
      api.push(timed.api);
      bare.push(timed.bare);
    }
    const row = {
      db: options.kind,
      name: c.name,
      p50: pct(api, 50),
      p95: pct(api, 95),
      bareP50: pct(bare, 50),
      bareP95: pct(bare, 95),
      ratio: pct(api, 95) / pct(bare, 95),
    };
    rows.push(row);
    logRow(row, options.log);
    options.log(
      `${''.padEnd(8)} load average ${before} before, ${loadAverage()} after (API and bare SQL alternating, order rotating)`,
    );
  }
  return rows;
};

/**
 * `npm run bench:reports`: a fresh database with `sales` demo lines, then each report through the
 * API (in-process inject: routing, session check, validation, service, serialisation) beside its
 * own SQL run bare on the same connection, alternating so both see the same cache. Every case is
 * warmed up first (`warmup` runs of both, untimed, all cases before any is timed): the API path
 * has far more JavaScript for V8 to compile than a bare query, and right after seeding the
 * database is still writing out a million rows; a p95 taken then measures those, not a request.
 *
 * The leaderboard is kept per version of its inputs (decision 0502): "leaderboard (cutoff 1)" is
 * the board as screens read it between changes; "after a change" raises the version before every
 * run, so each API request reads the version and computes the board again; "20 screens after a
 * change" is what a live update causes (every open dashboard asks at once), timed until the last
 * answer, beside the same SQL run 20 times at once on the pool.
 */
export const benchReports = async (options: BenchOptions): Promise<BenchRow[]> => {
  const { database, drop } = await benchDatabase({ kind: options.kind, adminUrl: options.adminUrl, name: 'reports' });
  try {
    await seedBenchDatabase(database, options);
    const { app, get } = await startBenchApp(database);
    const rows = await timeCases(database, get, await benchCases(database), options);
    await app.close();
    return rows;
  } finally {
    await database.close();
    await drop();
  }
};
