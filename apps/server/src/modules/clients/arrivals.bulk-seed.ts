import { BUSINESS_ZONE } from '../../db/business-zone';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { openEmbedded, openPostgres } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { loadEnv } from '../../plugins/env';

export type DemoArrivals = {
  count: number;
  /** Only this branch's therapists (the pay-run bench); every active therapist when left out. */
  locationId?: number;
  /** Manila dates the arrivals fall between; the last twelve months up to today when left out. */
  from?: string;
  to?: string;
};

/**
 * `count` demo arrivals in a few INSERT … SELECT statements: spread over the days between `from`
 * and `to` across the active therapists (at their own branch) and active clients; half redeem a
 * session of a voucher sold that day (its voucher and the voucher's sale line are written too),
 * half are walk-ins paid at the desk (a `walk_in` sale line `A-<id>` with a 5% service charge).
 * One in ten was requested, one in twenty is a tandem with the next therapist of the branch.
 * Answers the arrivals added.
 */
export const insertDemoArrivals = async (db: Db | Tx, options: DemoArrivals): Promise<number> => {
  if (options.count <= 0) return 0;
  const today = sql`(now() at time zone ${BUSINESS_ZONE})::date`;
  const from = options.from ? sql`${options.from}::date` : sql`(${today} - 365)`;
  const to = options.to ? sql`${options.to}::date` : today;
  const where = options.locationId === undefined ? sql`true` : sql`location_id = ${options.locationId}`;
  await db.execute(sql`drop table if exists demo_arrivals`);
  await db.execute(sql`
    create temp table demo_arrivals as
    with th as (
      select array_agg(id order by location_id, id) as ids, array_agg(location_id order by location_id, id) as locs
      from employees where kind = 'therapist' and is_active and ${where}),
    tr as (select array_agg(id order by id) as ids, array_agg(price order by id) as prices from treatments where is_active),
    cl as (select array_agg(id order by id) as ids from clients where is_active),
    raw as (
      select g, 1 + floor(random() * array_length(th.ids, 1))::int as i,
        floor(random() * (${to} - ${from} + 1))::int as day,
        1 + floor(random() * array_length(tr.ids, 1))::int as t,
        1 + floor(random() * array_length(cl.ids, 1))::int as c,
        g % 2 = 0 as on_voucher, 1 + floor(random() * 5)::int as sessions,
        random() < 0.1 as requested, random() < 0.05 as tandem
      from generate_series(1, ${options.count}) g, th, tr, cl
      where array_length(th.ids, 1) > 0 and array_length(tr.ids, 1) > 0 and array_length(cl.ids, 1) > 0)
    select nextval(pg_get_serial_sequence('client_arrivals', 'id'))::int as id, raw.g, ${from} + raw.day as date,
      th.ids[raw.i] as therapist, th.locs[raw.i] as location,
      case when raw.tandem and th.locs[raw.i + 1] = th.locs[raw.i] then th.ids[raw.i + 1] end as partner,
      tr.ids[raw.t] as treatment, tr.prices[raw.t] as price, cl.ids[raw.c] as client, raw.requested,
      case when raw.on_voucher then nextval(pg_get_serial_sequence('client_treatments', 'id'))::int end as voucher,
      raw.sessions,
      coalesce((select min(e.id) from employees e where e.kind = 'salesperson' and e.is_active and e.location_id = th.locs[raw.i]),
        (select min(e.id) from employees e where e.kind = 'salesperson')) as salesperson
    from raw, th, tr, cl`);
  await db.execute(sql`
    insert into client_treatments (id, client_id, treatment_id, sessions_total, sessions_used, price_paid, salesperson_id, location_id, sold_on, created_at, updated_at)
    select d.voucher, d.client, d.treatment, d.sessions, 1, d.price * d.sessions, d.salesperson, d.location, d.date,
      d.date + time '09:00', d.date + time '09:00'
    from demo_arrivals d where d.voucher is not null`);
  await db.execute(sql`
    insert into sales (date, location_id, client_id, salesperson_id, kind, reference, amount, discount, net_amount, payment_method, created_at)
    select d.date, d.location, d.client, d.salesperson, 'voucher', ct.code, ct.price_paid, 0, ct.price_paid, 'cash', d.date + time '09:00'
    from demo_arrivals d join client_treatments ct on ct.id = d.voucher`);
  const result = (await db.execute(sql`
    insert into client_arrivals (id, client_id, location_id, date, time, therapist_id, second_therapist_id, requested, treatment_id, voucher_id, created_at, updated_at)
    select d.id, d.client, d.location, d.date, lpad((9 + d.g % 12)::text, 2, '0') || ':' || (array['00', '15', '30', '45'])[1 + d.g % 4],
      d.therapist, d.partner, d.requested, d.treatment, d.voucher, d.date + time '10:00', d.date + time '10:00'
    from demo_arrivals d`)) as unknown as { affectedRows?: number; rowCount?: number | null };
  await db.execute(sql`
    insert into sales (date, location_id, client_id, salesperson_id, kind, reference, amount, discount, net_amount, service_charge, payment_method, created_at)
    select d.date, d.location, d.client, d.salesperson, 'walk_in', 'A-' || d.id, d.price, 0, d.price, round(d.price * 0.05, 2), 'cash', d.date + time '10:00'
    from demo_arrivals d where d.voucher is null`);
  await db.execute(sql`drop table demo_arrivals`);
  return Number(result.affectedRows ?? result.rowCount ?? 0);
};

export type BulkArrivalsOptions = { arrivals: number; log: (line: string) => void };

/** `npm run seed -- --arrivals N` on DATABASE_URL or the embedded database (base demo data first when empty). */
export const bulkSeedArrivals = async ({ arrivals: wanted, log }: BulkArrivalsOptions) => {
  const env = loadEnv();
  const database = env.databaseUrl
    ? await openPostgres(env.databaseUrl, 2)
    : await openEmbedded(env.dataDir, { command: 'npm run seed' });
  try {
    await database.migrate();
    await seedDatabase(database.db, {
      adminPassword: env.adminPassword,
      demoPassword: env.demoPassword,
      seedDemo: true,
    });
    const started = performance.now();
    const added = await database.db.transaction(async (tx) => {
      // As the sales seed: the embedded database is this process's alone, foreign-key triggers are skipped.
      if (database.kind === 'pglite') await tx.execute(sql`set local session_replication_role = replica`);
      return insertDemoArrivals(tx, { count: wanted });
    });
    await database.db.execute(sql`vacuum analyze client_arrivals`);
    await database.db.execute(sql`vacuum analyze client_treatments`);
    await database.db.execute(sql`vacuum analyze sales`);
    log(
      `Added ${added} arrivals (with their vouchers and sales) in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}).`,
    );
    return added;
  } finally {
    await database.close();
  }
};
