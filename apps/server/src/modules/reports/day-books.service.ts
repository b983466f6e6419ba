import { BUSINESS_ZONE } from '../../db/business-zone';
import { sql, type SQL } from 'drizzle-orm';
import type { DayDeposits } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { parseJson, rowsOf } from '../sales/index';

/**
 * A day's money at a branch beyond its sale lines (docs/decisions/0520-deposits-on-the-books.md):
 * a reservation's deposit is money received on the day it was taken (`deposit_received_on`), and
 * the visit that uses it does not bring that money in again. Every figure here is summed in SQL
 * from one list of movements, so the cash expected, the takings by method and the terms the desk
 * reads cannot disagree.
 */

/** `loc` and `day` are SQL expressions (a column, or a bound value) naming the branch and the day. */
type Day = { loc: SQL; day: SQL };

/**
 * Each movement of money at the branch that day: `source`, `payment_method`, `bank_id`, `amount`
 * (signed). One source is one term of the drawer's cash.
 *
 * - `sales`: the day's sale lines, their net and the service charge paid on top (decision 0505);
 * - `tips`: the checkout's tips (decision 0512): the therapists' money, never a sale, but a cash tip is in the drawer;
 * - `deposits_received`: deposits taken that day (a carried credit was received on its first booking);
 * - `deposits_applied`: a deposit used by a visit that day is on that day's sale lines already,
 *   but its money came in on the day it was received: taken off so it is not counted twice;
 * - `deposits_forfeited`: a kept deposit is a sale line of the day it is forfeited, money received before;
 * - `refunds`: deposits handed back that day (a cancellation's refund, a voucher visit's refund,
 *   the part of an applied deposit beyond the visit's price), and the money a credit memo issued
 *   that day hands back (decision 1017: sale lines are never negative, so a return is a refund of
 *   the day it is made, the invoice's own lines staying on the day they were sold).
 */
export const moneyMovements = ({ loc, day }: Day) => sql`(
  select 'sales'::text as source, s.payment_method, s.bank_id, s.net_amount + s.service_charge as amount
    from sales s where s.location_id = ${loc} and s.date = ${day}
  union all
  select 'tips', t.payment_method, t.bank_id, t.amount
    from tips t where t.location_id = ${loc} and t.date = ${day}
  union all
  select 'deposits_received', fr.deposit_method, fr.deposit_bank_id, fr.deposit_amount
    from floor_reservations fr where fr.location_id = ${loc} and fr.deposit_received_on = ${day}
  union all
  select 'deposits_applied', fr.deposit_method, fr.deposit_bank_id, -(fr.deposit_amount - coalesce(fr.deposit_refunded, 0))
    from floor_reservations fr join client_arrivals ca on ca.id = fr.arrival_id
    where fr.location_id = ${loc} and fr.deposit_status = 'applied' and ca.date = ${day}
  union all
  select 'deposits_forfeited', s.payment_method, s.bank_id, -(s.net_amount + s.service_charge)
    from sales s where s.location_id = ${loc} and s.date = ${day} and s.kind = 'forfeit'
  union all
  select 'refunds', fr.deposit_method, fr.deposit_bank_id, -fr.deposit_refunded
    from floor_reservations fr join client_arrivals ca on ca.id = fr.arrival_id
    where fr.location_id = ${loc} and fr.deposit_status = 'applied' and fr.deposit_refunded is not null and ca.date = ${day}
  union all
  select 'refunds', fr.deposit_method, fr.deposit_bank_id, -fr.deposit_amount
    from floor_reservations fr
    where fr.location_id = ${loc} and fr.deposit_status = 'refunded' and (fr.closed_at at time zone ${BUSINESS_ZONE})::date = ${day}
  union all
  select 'refunds', p.value->>'method', null::int, -(p.value->>'amount')::numeric
    from invoices i cross join lateral jsonb_array_elements(i.snapshot->'payments') p
    where i.location_id = ${loc} and i.business_date = ${day} and i.kind = 'credit_memo' and i.voided_at is null
)`;

/** The drawer's terms in the order the desk reads them, with their words. */
export const CASH_TERMS = [
  { key: 'sales', label: 'Cash sales and service charges' },
  { key: 'tips', label: 'Cash tips (the therapists’)' },
  { key: 'deposits_received', label: 'Cash deposits received' },
  { key: 'deposits_applied', label: 'Cash deposits used by today’s visits (counted when received)' },
  { key: 'deposits_forfeited', label: 'Cash deposits kept (counted when received)' },
  { key: 'refunds', label: 'Cash handed back' },
] as const;

/** The cash the drawer should hold, unrounded numeric (the report rounds it, and compares the count with it). */
export const drawerCash = (d: Day) =>
  sql`(select coalesce(sum(m.amount), 0) from ${moneyMovements(d)} m where m.payment_method = 'cash')`;

/** Each cash term's amount at the branch that day, every term listed (a zero included). */
export const cashTerms = async (db: DbOrTx, d: Day) => {
  const rows = await rowsOf<{ source: string; amount: string }>(
    db,
    sql`select m.source, round(sum(m.amount), 2)::text as amount from ${moneyMovements(d)} m
        where m.payment_method = 'cash' group by 1`,
  );
  const by = new Map(rows.map((r) => [r.source, r.amount]));
  return CASH_TERMS.map((t) => ({ key: t.key, label: t.label, amount: by.get(t.key) ?? '0.00' }));
};

const receivedTotal = ({ loc, day }: Day) =>
  sql`(select round(coalesce(sum(fr.deposit_amount), 0), 2)::text from floor_reservations fr where fr.location_id = ${loc} and fr.deposit_received_on = ${day})`;
const appliedTotal = ({ loc, day }: Day) =>
  sql`(select round(coalesce(sum(fr.deposit_amount - coalesce(fr.deposit_refunded, 0)), 0), 2)::text
       from floor_reservations fr join client_arrivals ca on ca.id = fr.arrival_id
       where fr.location_id = ${loc} and fr.deposit_status = 'applied' and ca.date = ${day})`;

/** The two deposit totals as columns of a report row. */
export const depositTotals = (d: Day) => ({ received: receivedTotal(d), applied: appliedTotal(d) });

/** The day's deposits as one json value (a column of the daily sales report's per-location row). */
export const dayDepositsJson = (d: Day) => {
  const { loc, day } = d;
  const clientName = sql`c.first_name || ' ' || c.last_name`;
  return sql`json_build_object(
    'received_total', ${receivedTotal(d)},
    'applied_total', ${appliedTotal(d)},
    'received_by_payment_method', coalesce((select json_agg(json_build_object('key', x.k, 'name', x.k, 'total', x.t, 'count', x.n) order by x.k) from (
      select fr.deposit_method as k, round(sum(fr.deposit_amount), 2)::text as t, count(*)::int as n
      from floor_reservations fr where fr.location_id = ${loc} and fr.deposit_received_on = ${day} group by 1) x), '[]'::json),
    'received_by_bank', coalesce((select json_agg(json_build_object('key', x.k::text, 'name', x.name, 'total', x.t, 'count', x.n) order by x.name) from (
      select fr.deposit_bank_id as k, b.name, round(sum(fr.deposit_amount), 2)::text as t, count(*)::int as n
      from floor_reservations fr join banks b on b.id = fr.deposit_bank_id
      where fr.location_id = ${loc} and fr.deposit_received_on = ${day} group by 1, 2) x), '[]'::json),
    'received', coalesce((select json_agg(json_build_object(
        'reservation', fr.id, 'client', fr.client_id, 'client_name', ${clientName}, 'reservation_date', fr.date::text,
        'payment_method', fr.deposit_method, 'bank', fr.deposit_bank_id, 'bank_name', b.name,
        'reference_no', fr.deposit_reference, 'amount', fr.deposit_amount::text, 'deposit_status', fr.deposit_status
      ) order by fr.id)
      from floor_reservations fr join clients c on c.id = fr.client_id left join banks b on b.id = fr.deposit_bank_id
      where fr.location_id = ${loc} and fr.deposit_received_on = ${day}), '[]'::json),
    'applied', coalesce((select json_agg(json_build_object(
        'reservation', fr.id, 'arrival', fr.arrival_id, 'client', fr.client_id, 'client_name', ${clientName},
        'payment_method', fr.deposit_method, 'received_on', coalesce(fr.deposit_received_on, src.deposit_received_on)::text,
        'amount', fr.deposit_amount::text, 'refunded', coalesce(fr.deposit_refunded, 0)::numeric(12,2)::text,
        'applied', (fr.deposit_amount - coalesce(fr.deposit_refunded, 0))::numeric(12,2)::text
      ) order by fr.id)
      from floor_reservations fr join client_arrivals ca on ca.id = fr.arrival_id join clients c on c.id = fr.client_id
      left join floor_reservations src on src.deposit_carried_to = fr.id
      where fr.location_id = ${loc} and fr.deposit_status = 'applied' and ca.date = ${day}), '[]'::json)
  )`;
};

export const parseDeposits = (value: DayDeposits | string | null): DayDeposits =>
  parseJson(value, {
    received_total: '0.00',
    applied_total: '0.00',
    received_by_payment_method: [],
    received_by_bank: [],
    received: [],
    applied: [],
  });
