import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from './shared';

/**
 * A branch's tips of a day by method and bank, summed in SQL (decision 0512): what the day's report
 * adds to the till (cash tips are in the drawer: cash expected) and never to the sales.
 */
export const tipsByMethod = async (db: DbOrTx, locationId: number, date: string) =>
  (
    await rowsOf<{ payment_method: PaymentMethod; bank: number | null; total: string; count: number }>(
      db,
      sql`select payment_method, bank_id as bank, sum(amount)::numeric(12,2)::text as total, count(*)::int as count
        from tips where location_id = ${locationId} and date = ${date}
        group by payment_method, bank_id order by payment_method, bank_id nulls first`,
    )
  ).map((r) => ({ ...r, bank: r.bank === null ? null : Number(r.bank), count: Number(r.count) }));
