// What the bench scripts share: `--name value` options, which databases to run on, the ports they
// listen on (from the environment, never random) and how rounds are printed.
import os from 'node:os';

const argv = process.argv.slice(2);

/** The value after `--name`, else `fallback`. */
export const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};

/** BENCH_DATABASE_URL or DATABASE_URL: a PostgreSQL server where the role may create databases. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** `--db`, else `withPostgres` when a PostgreSQL server is named and PGlite alone otherwise; exits 2 when PostgreSQL is asked for without one. */
export const benchDatabases = (withPostgres) => {
  const dbs = arg('db', PG_URL ? withPostgres : 'pglite').split(',');
  if (dbs.includes('postgres') && !PG_URL) {
    console.error('PostgreSQL needs BENCH_DATABASE_URL or DATABASE_URL.');
    process.exit(2);
  }
  return dbs;
};

/**
 * Ports from the environment: `BENCH_PORT` (default 19100) is the first, each call takes the next.
 * Two benches run at once need two `BENCH_PORT`s. (apps/server/src/test/bench-kit.ts: the same.)
 */
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 19_100);
let portsTaken = 0;
export const nextBenchPort = () => {
  if (!Number.isInteger(FIRST_PORT) || FIRST_PORT <= 0) throw new Error('BENCH_PORT must be a port number');
  return FIRST_PORT + portsTaken++;
};

/** The three load averages, printed before and after every timed part. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const nearestRank = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
/** Min, median and max of a bench's rounds. */
export const spread3 = (values) => ({
  min: Math.min(...values),
  median: nearestRank(values, 50),
  max: Math.max(...values),
});
export const fmtSpread = (s, digits = 1, unit = ' ms') =>
  `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}${unit}`;
