import { sql, type SQL } from 'drizzle-orm';

/**
 * What arrivals and sale lines earn, as one SQL select (decision 0800). A pay run inserts its
 * rows, an adjustment compares them with what was paid, and my-earnings reads them live, so all
 * three use the same arithmetic.
 *
 * Columns: employee_id, employee_name, employee_code, source ('arrival' | 'sale'), source_id,
 * client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount.
 */

/** Which arrivals and sale lines to price: a WHERE on `a` (client_arrivals) and one on `s` (sales). */
export type EarningsFilter = { arrivals: SQL; sales: SQL };

const peso = (value: SQL) => sql`'₱' || to_char(${value}, 'FM999,999,999,990.00')`;
const noTarget = sql`r.treatment_id is null and r.treatment_category_id is null and r.membership_id is null and r.membership_category_id is null`;

/** The therapist rule in force for an arrival: most specific target, then the branch's own, then the latest. */
const therapistRule = (appliesTo: 'service' | 'requested_bonus') => sql`
  select r.id, r.kind, r.basis, r.value from commission_rules r
  where r.role = 'therapist' and r.applies_to = ${appliesTo} and r.effective_from <= arr.date
    and (r.location_id is null or r.location_id = arr.location_id)
    and (r.treatment_id = arr.treatment_id or r.treatment_category_id = arr.category_id or (${noTarget}))
  order by case when r.treatment_id is not null then 0 when r.treatment_category_id is not null then 1 else 2 end,
    (r.location_id is null), r.effective_from desc, r.id desc
  limit 1`;

const arrivalEarnings = (where: SQL) => sql`
  arr as (
    select a.id, a.date, a.location_id, a.client_id, a.therapist_id, a.second_therapist_id, a.requested,
      t.id as treatment_id, t.category_id, coalesce(t.name, 'Service') as treatment_name, t.price as list_price,
      case when ct.id is not null then round(ct.price_paid / ct.sessions_total, 2) end as paid_session,
      ws.net_amount as walk_in_net,
      c.first_name || ' ' || c.last_name as client_name
    from client_arrivals a
    join clients c on c.id = a.client_id
    left join client_treatments ct on ct.id = a.voucher_id
    left join treatments t on t.id = coalesce(a.treatment_id, ct.treatment_id)
    left join sales ws on ws.location_id = a.location_id and ws.date = a.date and ws.kind = 'walk_in'
      and ws.reference = 'A-' || a.id
    where a.status <> 'cancelled' and ${where}
  ),
  arr_priced as (
    select arr.*, r.id as rule_id, r.kind, r.value,
      case when r.kind = 'fixed' then null
        when arr.walk_in_net is not null then arr.walk_in_net
        when arr.paid_session is not null and r.basis = 'paid_price' then arr.paid_session
        else arr.list_price end as base,
      case when r.kind = 'fixed' then ${peso(sql`r.value`)} || ' per service'
        when arr.walk_in_net is not null then r.value::text || '% of net amount'
        when arr.paid_session is not null and r.basis = 'paid_price' then r.value::text || '% of paid price'
        else r.value::text || '% of list price' end as rule_label
    from arr join lateral (${therapistRule('service')}) r on true
  ),
  arr_cents as (
    select p.*, round(case when p.kind = 'fixed' then p.value else p.base * p.value / 100 end * 100)::bigint as cents,
      case when p.second_therapist_id is null then 1 else 2 end as split
    from arr_priced p
    where p.kind = 'fixed' or p.base is not null
  ),
  arr_lines as (
    select x.therapist_id as employee_id, 'arrival' as source, x.id as source_id, x.client_id, x.date,
      x.treatment_name || ' — ' || x.client_name || case when x.split = 2 then ' (tandem, half)' else '' end as description,
      x.base, x.rule_id, x.rule_label, x.split, false as requested,
      ((x.cents - (x.split - 1) * (x.cents / x.split))::numeric / 100)::numeric(12, 2) as amount
    from arr_cents x
    union all
    select x.second_therapist_id, 'arrival', x.id, x.client_id, x.date,
      x.treatment_name || ' — ' || x.client_name || ' (tandem, half)',
      x.base, x.rule_id, x.rule_label, 2, false, ((x.cents / 2)::numeric / 100)::numeric(12, 2)
    from arr_cents x where x.split = 2
    union all
    select arr.therapist_id, 'arrival', arr.id, arr.client_id, arr.date,
      'Requested: ' || arr.treatment_name || ' — ' || arr.client_name,
      null, r.id, 'Requested bonus ' || ${peso(sql`r.value`)}, 1, true, r.value
    from arr join lateral (${therapistRule('requested_bonus')}) r on true
    where arr.requested
  )`;

const saleEarnings = (where: SQL) => sql`
  sal as (
    select s.id, s.date, s.location_id, s.client_id, s.salesperson_id, s.kind, s.reference, s.net_amount,
      t.id as treatment_id, t.category_id, cm.membership_id
    from sales s
    left join client_treatments ct on s.kind = 'voucher' and ct.code = s.reference
    left join client_arrivals wa on wa.id = case when s.kind = 'walk_in' and s.reference ~ '^A-[0-9]{1,9}$'
      then substr(s.reference, 3)::int end
    left join treatments t on t.id = coalesce(ct.treatment_id, wa.treatment_id)
    left join client_memberships cm on cm.id = case when s.kind = 'membership' and s.reference ~ '^CM-[0-9]{1,9}$'
      then substr(s.reference, 4)::int end
    where ${where}
  ),
  sal_lines as (
    select sal.salesperson_id as employee_id, 'sale' as source, sal.id as source_id, sal.client_id, sal.date,
      initcap(replace(sal.kind, '_', '-')) || case when sal.reference <> '' then ' ' || sal.reference else '' end as description,
      case when r.kind = 'fixed' then null else sal.net_amount end as base, r.id as rule_id,
      case when r.kind = 'fixed' then ${peso(sql`r.value`)} || ' per sale' else r.value::text || '% of net amount' end as rule_label,
      1 as split, false as requested,
      case when r.kind = 'fixed' then r.value else round(sal.net_amount * r.value / 100, 2) end::numeric(12, 2) as amount
    from sal join lateral (
      select r.id, r.kind, r.value from commission_rules r
      where r.role = 'salesperson' and r.applies_to = 'service' and r.effective_from <= sal.date
        and (r.location_id is null or r.location_id = sal.location_id)
        and (r.treatment_id = sal.treatment_id or r.treatment_category_id = sal.category_id
          or r.membership_id = sal.membership_id
          or r.membership_category_id in (select l.category_id from membership_category_links l where l.membership_id = sal.membership_id)
          or (${noTarget}))
      order by case when r.treatment_id is not null then 0 when r.treatment_category_id is not null then 1
          when r.membership_id is not null then 2 when r.membership_category_id is not null then 3 else 4 end,
        (r.location_id is null), r.effective_from desc, r.id desc
      limit 1
    ) r on true
  )`;

/** Every earning of the filtered arrivals and sale lines, one row per person, source and bonus. */
export const earningsSql = (filter: EarningsFilter) => sql`
  with ${arrivalEarnings(filter.arrivals)}, ${saleEarnings(filter.sales)},
  lines as (select * from arr_lines union all select * from sal_lines)
  select l.employee_id, e.first_name || ' ' || e.last_name as employee_name, e.employee_code,
    l.source, l.source_id, l.client_id, l.date, l.description,
    l.base::numeric(12, 2) as base_amount, l.rule_id, l.rule_label, l.split, l.requested, l.amount
  from lines l join employees e on e.id = l.employee_id`;

/** The columns earningsSql answers, in order (what INSERT … SELECT writes into pay_run_lines). */
export const EARNING_COLUMNS = sql.raw(
  'employee_id, employee_name, employee_code, source, source_id, client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount',
);

/** Arrivals and sale lines of one branch within two Manila dates. */
export const branchPeriod = (locationId: number, from: string, to: string): EarningsFilter => ({
  arrivals: sql`a.location_id = ${locationId} and a.date between ${from}::date and ${to}::date`,
  sales: sql`s.location_id = ${locationId} and s.date between ${from}::date and ${to}::date`,
});
