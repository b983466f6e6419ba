import { sql } from 'drizzle-orm';
import { createDemoFaker, DEMO_SEED } from '../../db/demo-data';
import { withSeededDatabase } from '../../db/bulk-seed';
import { loadEnv } from '../../plugins/env';
import { seedDemoClients, type DemoClientsResult } from './clients.demo';
import { countClients } from './demo-stock.demo';

export type BulkSeedOptions = { clients: number; log: (line: string) => void };

/**
 * `npm run seed -- --clients N`: adds N demo clients (with memberships, vouchers, arrivals and
 * sales) to DATABASE_URL or the embedded database under DATA_DIR, creating the base demo data
 * first on an empty database. Each run adds more; the faker seed follows the client count, so a
 * run on the same database state gives the same data.
 */
export const bulkSeed = ({ clients: wanted, log }: BulkSeedOptions): Promise<DemoClientsResult> =>
  withSeededDatabase(loadEnv(), async (database, base) => {
    if (base.created) {
      log(
        `New database: admin password ${base.adminPassword ?? '(from ADMIN_PASSWORD)'}; demo staff ${base.demoUsers.join(', ')} password ${base.demoPassword ?? '(from DEMO_PASSWORD)'}.`,
      );
    }
    const existing = await countClients(database.db);
    const demo = createDemoFaker();
    demo.faker.seed(DEMO_SEED + existing);
    const started = performance.now();
    const result = await database.db.transaction(async (tx) => {
      const embedded = database.kind === 'pglite';
      if (embedded) {
        // This process alone has the embedded database open (it holds DATA_DIR's lock), and it runs as
        // superuser: foreign-key triggers are skipped for rows generated consistent, and the
        // trigram index is built once at the end instead of row by row (about 2× faster).
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`drop index clients_search_trgm_idx`);
      }
      const added = await seedDemoClients(tx, { count: wanted, faker: demo.faker });
      if (embedded)
        await tx.execute(sql`create index clients_search_trgm_idx on clients using gin (search_text gin_trgm_ops)`);
      return added;
    });
    // Fresh statistics and visibility map: the planner sees 100,000 rows, and deep pages walk the index only.
    await database.db.execute(
      sql`vacuum analyze clients, client_memberships, client_treatments, client_arrivals, sales`,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.clients === 0 && wanted > 0)
      log('No demo branches, staff or catalogue in this database (was it created with SEED_DEMO=0?): nothing added.');
    else
      log(
        `Added ${result.clients} clients, ${result.memberships} memberships, ${result.vouchers} vouchers, ${result.arrivals} arrivals and ${result.sales} sales in ${seconds} s (${database.kind}; ${existing + result.clients} clients in all).`,
      );
    return result;
  });
