import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../app';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { loadEnv } from '../../plugins/env';
import { insertDemoSales } from './sales.bulk-seed';
import { dailySalesReportSql, leaderboardSql, locationSalesSql, manilaDate, periodOf } from './reports.service';

export type BenchOptions = { kind: 'postgres' | 'pglite'; adminUrl?: string; sales: number; iterations: number; log: (line: string) => void };
export type BenchRow = { db: string; name: string; p50: number; p95: number; bareP50: number; bareP95: number; ratio: number };

const ADMIN = 'bench-admin-passphrase';
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * `npm run bench:reports`: a fresh database with `sales` demo lines, then each report through the
 * API (in-process inject: routing, validation, service, serialisation) beside its own SQL run
 * bare on the same connection, alternating so both see the same cache.
 */
export const benchReports = async (options: BenchOptions): Promise<BenchRow[]> => {
  let database: Database;
  let drop = async () => {};
  if (options.kind === 'postgres') {
    const name = `ginhawa_bench_reports_${process.pid}`;
    const admin = new pg.Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.adminUrl!);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 4);
    drop = async () => {
      const dropper = new pg.Client({ connectionString: options.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else database = await openPglite();
  try {
    await database.migrate();
    await seedDatabase(database.db, { adminPassword: ADMIN, demoPassword: 'bench-demo-passphrase', seedDemo: true, demoClients: 0 });
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      if (database.kind === 'pglite') await tx.execute(sql`set local session_replication_role = replica`);
      await insertDemoSales(tx, options.sales);
    });
    await database.db.execute(sql`vacuum analyze sales`);
    options.log(`${options.kind}: ${options.sales.toLocaleString('en')} sales seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/ginhawa-bench', WEB_DIST: '/nonexistent', SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789' });
    const app = await buildApp({ database, env, secretKey: 'bench-secret-key-that-is-long-enough-0123456789', logger: false });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: 'admin', password: ADMIN } });
    const cookie = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');

    const today = manilaDate();
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const c1 = periodOf(year, month, 1);
    const whole = periodOf(year, month, 0);
    const cases: { name: string; url: string; bare: SQL }[] = [
      { name: 'leaderboard (cutoff 1)', url: `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=1`, bare: leaderboardSql(c1.from, c1.to, 1) },
      { name: 'leaderboard (whole month)', url: `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=0`, bare: leaderboardSql(whole.from, whole.to, 0) },
      { name: 'location sales (month)', url: `/api/reports/get-location-sales/?month=${month}&year=${year}`, bare: locationSalesSql(whole.from, whole.to) },
      { name: 'daily sales report (today)', url: `/api/reports/get-daily-sales-report/?date=${today}`, bare: dailySalesReportSql(today) },
    ];
    const rows: BenchRow[] = [];
    for (const c of cases) {
      const api: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < options.iterations + 10; i += 1) {
        let t = performance.now();
        const res = await app.inject({ method: 'GET', url: c.url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body}`);
        if (i >= 10) api.push(performance.now() - t);
        t = performance.now();
        await database.db.execute(c.bare);
        if (i >= 10) bare.push(performance.now() - t);
      }
      const row = { db: options.kind, name: c.name, p50: pct(api, 50), p95: pct(api, 95), bareP50: pct(bare, 50), bareP95: pct(bare, 95), ratio: pct(api, 95) / pct(bare, 95) };
      rows.push(row);
      options.log(
        `${row.db.padEnd(8)} ${row.name.padEnd(28)} API p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms | bare SQL p50 ${row.bareP50.toFixed(1).padStart(7)} ms  p95 ${row.bareP95.toFixed(1).padStart(7)} ms | ×${row.ratio.toFixed(2)}`,
      );
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    await drop();
  }
};
