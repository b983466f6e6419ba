import { cutoffDates, todayInManila } from '@ginhawa/contract';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client';
import { benchDatabase, pct, seedBench, startBenchApp } from '../../test/bench-kit';
import { insertDemoArrivals } from '../clients/arrivals.bulk-seed';
import { branchPeriod, EARNING_COLUMNS, earningsSql } from './earnings.service';
import { earningAdjustmentsSql, LINE_COLUMNS, serviceChargeAdjustmentsSql } from './pay-runs-adjust.service';

export type PayrollBenchOptions = {
  kind: 'postgres' | 'pglite';
  adminUrl?: string;
  therapists: number;
  arrivals: number;
  computeRuns: number;
  reads: number;
  /**
   * Approved cutoffs of the branch before the measured one (0: none), each with `arrivals` of its
   * own: what the adjustment pass prices again on every compute (a year is 24).
   */
  history?: number;
  /** Print EXPLAIN ANALYZE of the bare earnings select (PostgreSQL). */
  explain?: boolean;
  /**
   * Leave the measured cutoff's arrivals, sale lines and tips as change markers not yet taken, as a
   * cutoff logged day by day leaves them for its first compute (the seed's markers are otherwise
   * taken by the history's computes).
   */
  pending?: boolean;
  log: (line: string) => void;
};
export type PayrollBenchResult = {
  computeMedian: number;
  computeMax: number;
  bareMedian: number;
  /** PostgreSQL's CPU time (every backend of the bench database) while computing the run; null on PGlite. */
  computeCpuMedian: number | null;
  /** The same for the costliest compute (the first: it inserts every line; a recompute writes what changed). */
  computeCpuMax: number | null;
  /** PostgreSQL's own CPU time for the bare SQL (its backend's utime + stime); null on PGlite. */
  bareCpuMedian: number | null;
  /**
   * The insert floor: PostgreSQL's CPU for a bare INSERT … SELECT of the same earnings into a copy of
   * pay_run_lines (its indexes and checks, `like … including all`), the first compute's own floor; null on PGlite.
   */
  insertCpuMedian: number | null;
  readP95: number;
  lines: number;
  /** Arrival and sale lines of the approved cutoffs before the measured one. */
  historyLines: number;
  /** PostgreSQL CPU of the first compute (it inserts every line) and the recomputes' median; null on PGlite. */
  firstComputeCpu: number | null;
  recomputeCpuMedian: number | null;
};

type Period = { year: number; month: number; cutoff: 1 | 2 };
/** The `n` cutoffs before `period`, oldest first. */
const cutoffsBefore = (period: Period, n: number): Period[] => {
  const out: Period[] = [];
  let p = period;
  for (let i = 0; i < n; i += 1) {
    p =
      p.cutoff === 2
        ? { ...p, cutoff: 1 }
        : { year: p.month === 1 ? p.year - 1 : p.year, month: p.month === 1 ? 12 : p.month - 1, cutoff: 2 };
    out.unshift(p);
  }
  return out;
};

/** Each earlier cutoff's run computed through the API and marked approved, oldest first (as a year of paydays leaves them). */
const approveHistory = async (
  app: Awaited<ReturnType<typeof startBenchApp>>['app'],
  headers: Record<string, string>,
  database: Database,
  location: number,
  periods: Period[],
) => {
  const started = performance.now();
  for (const period of periods) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payroll/runs/',
      headers,
      payload: { ...period, location },
    });
    if (res.statusCode !== 201) throw new Error(`history compute: ${res.statusCode} ${res.body}`);
    const id = res.json<{ id: number }>().id;
    await database.db.execute(sql`update pay_runs set status = 'approved', approved_at = now() where id = ${id}`);
  }
  const [row] = (
    (await database.db.execute(
      sql`select count(*)::int as n from pay_run_lines l join pay_runs r on r.id = l.run_id
        where r.location_id = ${location} and r.status = 'approved' and l.source in ('arrival', 'sale')`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  await database.db.execute(sql.raw('vacuum analyze pay_run_lines'));
  await database.db.execute(sql.raw('vacuum analyze pay_runs'));
  return { lines: Number(row!.n), seconds: (performance.now() - started) / 1000 };
};

/**
 * CPU time (ms) a PostgreSQL backend on this machine has used, from /proc: on a shared machine with
 * more runnable processes than cores, wall time measures the run queue; the backend's CPU time is
 * what the query itself costs.
 */
const backendCpu = async (pid: number) => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
/** One branch with `therapists` therapists and a salesperson, and `arrivals` arrivals in each of `cutoffs` cutoffs from `from` to `to`. */
const seedBranch = async (
  database: Database,
  options: PayrollBenchOptions,
  from: string,
  to: string,
  cutoffs: number,
) => {
  const [loc] = (
    (await database.db.execute(
      sql`insert into locations (name, opening_time, closing_time) values ('Bench branch', '09:00', '21:00') returning id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const location = Number(loc!.id);
  await database.db.execute(sql`
    insert into employees (kind, first_name, last_name, employee_code, location_id, hire_date, monthly_target)
    select case when g = 0 then 'salesperson' else 'therapist' end, 'Bench', 'Person ' || g, 'BENCH' || g, ${location}, '2020-01-01',
      case when g = 0 then 0 end
    from generate_series(0, ${options.therapists}) g`);
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    if (database.kind === 'pglite') await tx.execute(sql`set local session_replication_role = replica`);
    await insertDemoArrivals(tx, { count: options.arrivals * cutoffs, locationId: location, from, to });
  });
  for (const table of ['client_arrivals', 'client_treatments', 'sales', 'employees'])
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  options.log(
    `${options.kind}: ${(options.arrivals * cutoffs).toLocaleString('en')} arrivals for ${options.therapists} therapists seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return location;
};

/**
 * `npm run bench:payroll`: a fresh database, one branch with `therapists` therapists and `arrivals`
 * arrivals (half on vouchers, half walk-ins with their sales) in last month's first cutoff; then
 * computing that branch's run through the API (`computeRuns` times: INSERT … SELECT of every line,
 * service charge, adjustments, in one transaction) beside the bare SQL of the same sums (the
 * earnings select grouped per employee), and reading the approved run (`GET runs/{id}/`, its
 * per-employee totals) `reads` times. Budgets (docs/performance.md): compute ≤ 2 s, read p95 ≤ 50 ms.
 */
export const benchPayroll = async (options: PayrollBenchOptions): Promise<PayrollBenchResult> => {
  const { database, drop } = await benchDatabase({ kind: options.kind, adminUrl: options.adminUrl, name: 'payroll' });
  try {
    await seedBench(database, 500);
    const today = todayInManila();
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const period: Period = m === 1 ? { year: y - 1, month: 12, cutoff: 1 } : { year: y, month: m - 1, cutoff: 1 };
    const { from, to } = cutoffDates(period.year, period.month, 1);
    const history = cutoffsBefore(period, options.history ?? 0);
    const first = history[0] ? cutoffDates(history[0].year, history[0].month, history[0].cutoff).from : from;
    const location = await seedBranch(database, options, first, to, history.length + 1);
    const { app, headers } = await startBenchApp(database);
    const past = await approveHistory(app, headers, database, location, history);
    if (history.length)
      options.log(
        `${options.kind}: ${history.length} earlier cutoffs computed and approved (${past.lines.toLocaleString('en')} arrival and sale lines) in ${past.seconds.toFixed(1)} s`,
      );
    const compute: number[] = [];
    const bare: number[] = [];
    // The bare SQL on a connection of its own, so its backend's CPU time can be read around it.
    const bareClient = database.url ? new pg.Client({ connectionString: database.url }) : null;
    await bareClient?.connect();
    // As the compute runs it (pay-runs-compute.service.ts): JIT compiling this select costs more than running it.
    await bareClient?.query('set jit = off');
    const pid = bareClient ? Number((await bareClient.query('select pg_backend_pid() as pid')).rows[0].pid) : null;
    const bareCpu: number[] = [];
    const insertCpu: number[] = [];
    const computeCpu: number[] = [];
    // The insert floor's table: pay_run_lines' columns, defaults, checks and indexes, no rows.
    await bareClient?.query('create table bench_insert_floor (like pay_run_lines including all)');
    /** Every client backend of the bench database together (the app's pool computes on any of them). */
    const databaseCpu = async () => {
      if (!bareClient) return null;
      const pids = // Client backends only: an autovacuum worker busy with the history's writes is not the compute.
        (
          await bareClient.query(
            "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'",
          )
        ).rows.map((r: { pid: number }) => Number(r.pid));
      let total = 0;
      for (const p of pids) total += await backendCpu(p).catch(() => 0);
      return total;
    };
    const bareSql = sql`select e.employee_id, sum(e.amount) from (${earningsSql(branchPeriod(location, from, to))}) e group by 1`;
    if (options.pending)
      for (const [table, kind] of [
        ['client_arrivals', 'arrival'],
        ['sales', 'sale'],
        ['tips', 'tip'],
      ] as const)
        await database.db.execute(sql`insert into earning_changes (location_id, kind, source_id, date_from, date_to)
          select location_id, ${kind}, id, date, date from ${sql.identifier(table)}
          where location_id = ${location} and date between ${from}::date and ${to}::date`);
    if (options.explain && bareClient) {
      const query = new PgDialect().sqlToQuery(bareSql);
      const plan = await bareClient.query(
        `explain (analyze, costs off, timing off, summary off) ${query.sql}`,
        query.params as unknown[],
      );
      options.log(`${options.kind}: EXPLAIN ANALYZE of the bare earnings select (the cutoff's own rows):`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) options.log(`  ${row['QUERY PLAN']}`);
    }
    if (options.explain && bareClient && history.length) {
      // The adjustment pass as the first compute will run it (the branch's changes read, not taken).
      const adjust = new PgDialect().sqlToQuery(sql`
        with chg as (select kind, source_id, reference, date_from, date_to from earning_changes where location_id = ${location})
        select count(*) from ((${earningAdjustmentsSql(0, location, true)}) union all (${serviceChargeAdjustmentsSql(0, location, true)})) x`);
      const plan = await bareClient.query(
        `explain (analyze, costs off, summary on) ${adjust.sql}`,
        adjust.params as unknown[],
      );
      options.log(`${options.kind}: EXPLAIN ANALYZE of the adjustment pass before the first compute:`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) options.log(`  ${row['QUERY PLAN']}`);
    }
    let runId = 0;
    const computeOnce = async () => {
      const cpuBefore = await databaseCpu();
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/payroll/runs/',
        headers,
        payload: { ...period, location },
      });
      compute.push(performance.now() - t);
      const cpuAfter = await databaseCpu();
      if (cpuBefore !== null && cpuAfter !== null) computeCpu.push(cpuAfter - cpuBefore);
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`compute: ${res.statusCode} ${res.body}`);
      runId = res.json<{ id: number }>().id;
    };
    const bareOnce = async () => {
      if (bareClient && pid !== null) {
        const query = new PgDialect().sqlToQuery(bareSql);
        const cpu = await backendCpu(pid);
        const t = performance.now();
        await bareClient.query(query.sql, query.params as unknown[]);
        bare.push(performance.now() - t);
        bareCpu.push((await backendCpu(pid)) - cpu);
        // The same lines inserted, as the first compute inserts them (one statement, same indexes).
        const insert = new PgDialect().sqlToQuery(sql`insert into bench_insert_floor (${LINE_COLUMNS})
          select 0, ${location}, ${EARNING_COLUMNS} from (${earningsSql(branchPeriod(location, from, to))}) e`);
        const before = await backendCpu(pid);
        await bareClient.query(insert.sql, insert.params as unknown[]);
        insertCpu.push((await backendCpu(pid)) - before);
        await bareClient.query('truncate bench_insert_floor');
      } else {
        const t = performance.now();
        await database.db.execute(bareSql);
        bare.push(performance.now() - t);
      }
    };
    // Interleaved rounds, the order rotating (the floor first in odd rounds), so both see the same load.
    const loadBefore = loadavg()[0]!;
    for (let i = 0; i < options.computeRuns; i += 1) {
      if (i % 2 === 1) await bareOnce();
      await computeOnce();
      if (i % 2 === 0) await bareOnce();
    }
    const loadAfter = loadavg()[0]!;
    const [count] = (
      (await database.db.execute(
        sql`select count(*)::int as n from pay_run_lines where run_id = ${runId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    await database.db.execute(sql`update pay_runs set status = 'approved', approved_at = now() where id = ${runId}`);
    const reads: number[] = [];
    for (let i = 0; i < options.reads; i += 1) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/payroll/runs/${runId}/`, headers });
      reads.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode}`);
    }
    await bareClient?.end();
    await app.close();
    const spread = (values: number[]) =>
      values.length
        ? `${Math.min(...values).toFixed(0)} / ${pct(values, 50).toFixed(0)} / ${Math.max(...values).toFixed(0)} ms`
        : '—';
    const recomputeCpu = computeCpu.slice(1);
    const result = {
      computeMedian: pct(compute, 50),
      computeMax: Math.max(...compute),
      bareMedian: pct(bare, 50),
      bareCpuMedian: bareCpu.length ? pct(bareCpu, 50) : null,
      insertCpuMedian: insertCpu.length ? pct(insertCpu, 50) : null,
      computeCpuMedian: computeCpu.length ? pct(computeCpu, 50) : null,
      computeCpuMax: computeCpu.length ? Math.max(...computeCpu) : null,
      firstComputeCpu: computeCpu[0] ?? null,
      recomputeCpuMedian: recomputeCpu.length ? pct(recomputeCpu, 50) : null,
      readP95: pct(reads.slice(Math.floor(reads.length / 10)), 95),
      lines: Number(count!.n),
      historyLines: past.lines,
    };
    const ratio = (value: number | null) =>
      value === null || !result.bareCpuMedian ? '—' : `${(value / result.bareCpuMedian).toFixed(2)}×`;
    options.log(
      `${options.kind.padEnd(8)} ${history.length} approved cutoffs before it (${past.lines.toLocaleString('en')} arrival and sale lines), the run ${result.lines.toLocaleString('en')} lines; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after; ${options.computeRuns} interleaved rounds (min / median / max):`,
    );
    options.log(
      `  compute wall: first ${compute[0]!.toFixed(0)} ms, recomputes ${spread(compute.slice(1))} | bare select wall ${spread(bare)}`,
    );
    if (result.bareCpuMedian !== null)
      options.log(
        `  PostgreSQL CPU: first compute ${result.firstComputeCpu!.toFixed(0)} ms (${ratio(result.firstComputeCpu)} the bare select), recomputes ${spread(recomputeCpu)} (median ${ratio(result.recomputeCpuMedian)}) | bare select ${spread(bareCpu)}`,
      );
    if (result.insertCpuMedian)
      options.log(
        `  insert floor (bare INSERT … SELECT of the same lines, same indexes): PostgreSQL CPU ${spread(insertCpu)}; the first compute ${(result.firstComputeCpu! / result.insertCpuMedian).toFixed(2)}× it`,
      );
    options.log(`  read approved run p95 ${result.readP95.toFixed(1)} ms`);
    return result;
  } finally {
    await database.close();
    await drop();
  }
};
