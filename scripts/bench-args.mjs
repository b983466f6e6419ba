// The command line the in-process benches share (bench-payroll.mjs, bench-reports.mjs,
// bench-floor.mjs): `--name value` options, and which databases to run on.
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
