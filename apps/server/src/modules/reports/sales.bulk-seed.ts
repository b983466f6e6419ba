import { BUSINESS_ZONE } from '../../db/business-zone';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withSeededDatabase } from '../../db/bulk-seed';
import { loadEnv } from '../../plugins/env';

/**
 * `count` demo sale lines in one INSERT … SELECT over generate_series: spread over the last
 * twelve months up to today (Manila), across the active salespersons (each at their own
 * location), every payment method (card and transfer with a bank, e-wallet with a reference),
 * one in five with a discount. Returns the rows added.
 */
export const insertDemoSales = async (db: Db | Tx, count: number): Promise<number> => {
  if (count <= 0) return 0;
  const result = (await db.execute(sql`
    with sp as (select array_agg(id order by id) as ids, array_agg(location_id order by id) as locs from employees where kind = 'salesperson' and is_active),
    bk as (select array_agg(id order by id) as ids from banks where is_active),
    today as (select (now() at time zone ${BUSINESS_ZONE})::date as d),
    raw as (
      select g, 1 + floor(random() * array_length(sp.ids, 1))::int as i, floor(random() * 366)::int as back,
        (50 + floor(random() * 1950)::int) * 10.00 as amount, random() < 0.2 as discounted,
        (array['cash', 'card', 'e_wallet', 'bank_transfer'])[1 + floor(random() * 4)::int] as pm,
        (array['walk_in', 'walk_in', 'membership', 'voucher', 'other'])[1 + floor(random() * 5)::int] as kind,
        1 + floor(random() * greatest(array_length(bk.ids, 1), 1))::int as b
      from generate_series(1, ${count}) g, sp, bk
      where array_length(sp.ids, 1) > 0 and array_length(bk.ids, 1) > 0)
    insert into sales (date, location_id, salesperson_id, kind, reference, amount, discount, net_amount, payment_method, bank_id, reference_no, created_at)
    select today.d - raw.back, sp.locs[raw.i], sp.ids[raw.i], raw.kind, 'DEMO',
      raw.amount, case when raw.discounted then round(raw.amount * 0.1, 2) else 0 end,
      raw.amount - case when raw.discounted then round(raw.amount * 0.1, 2) else 0 end,
      raw.pm, case when raw.pm in ('card', 'bank_transfer') then bk.ids[raw.b] end,
      case when raw.pm = 'e_wallet' then 'EW-' || raw.g else '' end,
      ((today.d - raw.back) + time '09:00' + (raw.g % 720) * interval '1 minute') at time zone ${BUSINESS_ZONE}
    from raw, sp, bk, today`)) as unknown as { affectedRows?: number; rowCount?: number | null };
  return Number(result.affectedRows ?? result.rowCount ?? 0);
};

export type BulkSalesOptions = { sales: number; log: (line: string) => void };

/** `npm run seed -- --sales N` on DATABASE_URL or the embedded database (base demo data first when empty). */
export const bulkSeedSales = ({ sales: wanted, log }: BulkSalesOptions) =>
  withSeededDatabase(loadEnv(), async (database) => {
    const started = performance.now();
    const added = await database.db.transaction(async (tx) => {
      // The embedded database is this process's alone (it holds DATA_DIR's lock): foreign-key triggers
      // are skipped for rows generated from existing ids (about 2× faster).
      if (database.kind === 'pglite') await tx.execute(sql`set local session_replication_role = replica`);
      return insertDemoSales(tx, wanted);
    });
    await database.db.execute(sql`vacuum analyze sales`);
    log(`Added ${added} sales in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}).`);
    return added;
  });
