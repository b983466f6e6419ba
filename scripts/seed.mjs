// npm run seed [-- --clients 100000] [-- --sales 1000000] [-- --arrivals 100000]
// Adds demo clients with memberships, vouchers, arrivals and sales, in bulk, to DATABASE_URL or the
// embedded database under DATA_DIR (default ./data/). On an empty database it creates the base demo
// data (branches, staff, catalogue) first. `--sales N` adds N sale lines over the last twelve months
// (then clients are added only when --clients is given too). `--arrivals N` adds N arrivals over the
// last twelve months, half on vouchers (with the sales that sold them), half walk-ins paid at the desk.
// PGlite is one process's database: while the server (or anything else) holds DATA_DIR's lock,
// this script refuses, naming it; stop the server first. On PostgreSQL the server may run.
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const salesWanted = value('sales', undefined);
const arrivalsWanted = value('arrivals', undefined);
const onlyOthers = salesWanted !== undefined || arrivalsWanted !== undefined;
const clients = Number(value('clients', onlyOthers ? '0' : '2000'));
if (!Number.isInteger(clients) || clients < 0 || clients > 2_000_000) {
  console.error('--clients takes a whole number from 0 to 2,000,000.');
  process.exit(2);
}
const sales = Number(salesWanted ?? '0');
if (!Number.isInteger(sales) || sales < 0 || sales > 20_000_000) {
  console.error('--sales takes a whole number from 0 to 20,000,000.');
  process.exit(2);
}

const arrivals = Number(arrivalsWanted ?? '0');
if (!Number.isInteger(arrivals) || arrivals < 0 || arrivals > 5_000_000) {
  console.error('--arrivals takes a whole number from 0 to 5,000,000.');
  process.exit(2);
}

try {
  if (clients > 0 || !onlyOthers) {
    const { bulkSeed } = await tsImport('../apps/server/src/modules/clients/clients.bulk-seed.ts', import.meta.url);
    await bulkSeed({ clients, log: (line) => console.log(line) });
  }
  if (sales > 0) {
    const { bulkSeedSales } = await tsImport('../apps/server/src/modules/reports/sales.bulk-seed.ts', import.meta.url);
    await bulkSeedSales({ sales, log: (line) => console.log(line) });
  }
  if (arrivals > 0) {
    const { bulkSeedArrivals } = await tsImport(
      '../apps/server/src/modules/clients/arrivals.bulk-seed.ts',
      import.meta.url,
    );
    await bulkSeedArrivals({ arrivals, log: (line) => console.log(line) });
  }
} catch (err) {
  // The lock's refusal names who holds the database; say only that, not a stack.
  if (err?.name !== 'DataDirLockedError') throw err;
  console.error(err.message);
  process.exit(1);
}
