import { sql, type SQL } from 'drizzle-orm';

/**
 * What arrivals and sale lines earn, as one SQL select (decision 0800). A pay run inserts its
 * rows, an adjustment compares them with what was paid, and my-earnings reads them live, so all
 * three use the same arithmetic.
 *
 * Columns: employee_id, employee_name, employee_code, source ('arrival' | 'sale'), source_id,
 * client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount.
 */

/**
 * Which arrivals and sale lines to price: a WHERE on `a` (client_arrivals) and one on `s` (sales);
 * `walkIns`, a WHERE on `s` that keeps at least every walk-in sale of the selected arrivals (their
 * net is the arrival's base): without it an arrival's walk-in sale was looked up among every walk-in
 * sale of every branch and day (decision 0820).
 */
export type EarningsFilter = { arrivals: SQL; sales: SQL; walkIns: SQL | 'by arrival' };

const peso = (value: SQL) => sql`'₱' || to_char(${value}, 'FM999,999,999,990.00')`;
const noTarget = sql`r.treatment_id is null and r.treatment_category_id is null and r.membership_id is null and r.membership_category_id is null`;

/**
 * The therapist rule in force for a day, branch and treatment (`k`: one row per distinct key, so a
 * cutoff of 60,000 arrivals looks up a few hundred keys, not 60,000): most specific target, then
 * the branch's own, then the latest.
 */
const therapistRule = (appliesTo: 'service' | 'requested_bonus') => sql`
  select r.id, r.kind, r.basis, r.value from commission_rules r
  where r.role = 'therapist' and r.applies_to = ${appliesTo} and r.effective_from <= k.date
    and (r.location_id is null or r.location_id = k.location_id)
    and (r.treatment_id = k.tkey or r.treatment_category_id = k.ckey or (${noTarget}))
  order by case when r.treatment_id is not null then 0 when r.treatment_category_id is not null then 1 else 2 end,
    (r.location_id is null), r.effective_from desc, r.id desc
  limit 1`;

// The walk-in's sale names the arrival (A-<id>): joined on the id read from the reference, so a
// branch's cutoff is one hash join instead of a scan of each day's sales per arrival.
// A visit whose reservation deposit was applied has two lines (decision 0411): summed, the one net.
const walkInsJoined = (walkIns: SQL) => sql`left join (
      select substr(s.reference, 3)::int as arrival_id, s.location_id, s.date, sum(s.net_amount) as net_amount
      from sales s
      where s.kind = 'walk_in' and s.reference ~ '^A-[0-9]{1,9}$' and ${walkIns}
      group by s.reference, s.location_id, s.date
    ) ws on ws.arrival_id = a.id and ws.location_id = a.location_id and ws.date = a.date`;
// A few arrivals (the adjustment pass's candidates): each one's lines looked up by its reference, as
// walk-in.service.ts writes it. Joined, the planner expected a handful of candidates and compared
// every arrival with every walk-in (4.4 million comparisons for 3,000 arrivals, decision 0820).
const walkInByArrival = sql`left join lateral (
      select sum(s.net_amount) as net_amount from sales s
      where s.reference = 'A-' || a.id and s.kind = 'walk_in' and s.location_id = a.location_id and s.date = a.date
    ) ws on true`;

const arrivalEarnings = (where: SQL, walkIns: SQL | 'by arrival') => sql`
  arr as (
    select a.id, a.date, a.location_id, a.client_id, a.therapist_id, a.second_therapist_id, a.requested,
      coalesce(t.id, 0) as tkey, coalesce(t.category_id, 0) as ckey, coalesce(t.name, 'Service') as treatment_name,
      -- One text key for the rule lookup: a single equality the planner estimates well (four
      -- equalities on CTE columns make it expect one row and choose nested loops).
      concat_ws('|', a.date, a.location_id, coalesce(t.id, 0), coalesce(t.category_id, 0)) as rkey,
      th.first_name || ' ' || th.last_name as therapist_name, th.employee_code as therapist_code,
      th2.first_name || ' ' || th2.last_name as partner_name, th2.employee_code as partner_code,
      t.price as list_price,
      case when ct.id is not null then round(ct.price_paid / ct.sessions_total, 2) end as paid_session,
      ws.net_amount as walk_in_net,
      c.first_name || ' ' || c.last_name as client_name
    from client_arrivals a
    join clients c on c.id = a.client_id
    join employees th on th.id = a.therapist_id
    left join employees th2 on th2.id = a.second_therapist_id
    -- Looked up by key, one row each (limit 1 keeps the planner from hashing the whole table: it
    -- holds every voucher ever sold, and a cutoff uses a few of them, decision 0820).
    left join lateral (
      select ct.id, ct.price_paid, ct.sessions_total, ct.treatment_id from client_treatments ct
      where ct.id = a.voucher_id limit 1
    ) ct on true
    left join treatments t on t.id = coalesce(a.treatment_id, ct.treatment_id)
    -- The walk-in's sale names the arrival (A-<id>): joined on the id read from the reference, so a
    -- branch's cutoff is one hash join instead of a scan of each day's sales per arrival.
    -- A visit whose reservation deposit was applied has two lines (decision 0411): summed, the one net.
    ${walkIns === 'by arrival' ? walkInByArrival : walkInsJoined(walkIns)}
    where a.status <> 'cancelled' and ${where}
  ),
  arr_keys as (select distinct rkey, date, location_id, tkey, ckey from arr),
  arr_rules as (
    select k.*, r.id as rule_id, r.kind, r.basis, r.value from arr_keys k join lateral (${therapistRule('service')}) r on true
  ),
  bonus_rules as (
    select k.*, r.id as rule_id, r.value from (select distinct rkey, date, location_id, tkey, ckey from arr where requested) k
    join lateral (${therapistRule('requested_bonus')}) r on true
  ),
  arr_priced as (
    select arr.*, r.rule_id, r.kind, r.value,
      case when r.kind = 'fixed' then null
        when arr.walk_in_net is not null then arr.walk_in_net
        when arr.paid_session is not null and r.basis = 'paid_price' then arr.paid_session
        else arr.list_price end as base,
      case when r.kind = 'fixed' then ${peso(sql`r.value`)} || ' per service'
        when arr.walk_in_net is not null then r.value::text || '% of net amount'
        when arr.paid_session is not null and r.basis = 'paid_price' then r.value::text || '% of paid price'
        else r.value::text || '% of list price' end as rule_label
    from arr join arr_rules r on r.rkey = arr.rkey
  ),
  arr_cents as (
    select p.*, round(case when p.kind = 'fixed' then p.value else p.base * p.value / 100 end * 100)::bigint as cents,
      case when p.second_therapist_id is null then 1 else 2 end as split
    from arr_priced p
    where p.kind = 'fixed' or p.base is not null
  ),
  arr_lines as (
    select x.therapist_id as employee_id, x.therapist_name as employee_name, x.therapist_code as employee_code,
      'arrival' as source, x.id as source_id, x.client_id, x.date,
      x.treatment_name || ' — ' || x.client_name || case when x.split = 2 then ' (tandem, half)' else '' end as description,
      x.base, x.rule_id, x.rule_label, x.split, false as requested,
      ((x.cents - (x.split - 1) * (x.cents / x.split))::numeric / 100)::numeric(12, 2) as amount
    from arr_cents x
    union all
    select x.second_therapist_id, x.partner_name, x.partner_code, 'arrival', x.id, x.client_id, x.date,
      x.treatment_name || ' — ' || x.client_name || ' (tandem, half)',
      x.base, x.rule_id, x.rule_label, 2, false, ((x.cents / 2)::numeric / 100)::numeric(12, 2)
    from arr_cents x where x.split = 2
    union all
    select arr.therapist_id, arr.therapist_name, arr.therapist_code, 'arrival', arr.id, arr.client_id, arr.date,
      'Requested: ' || arr.treatment_name || ' — ' || arr.client_name,
      null, r.rule_id, 'Requested bonus ' || ${peso(sql`r.value`)}, 1, true, r.value
    from arr join bonus_rules r on r.rkey = arr.rkey
    where arr.requested
  )`;

const saleEarnings = (where: SQL) => sql`
  -- A walk-in's lines of one visit (the deposit's and the desk's, decision 0411) are one sale for
  -- commission: a percent of their summed net, a fixed rule once; keyed by the visit's first line.
  visits as (
    select min(s.id) as id, s.date, s.location_id, s.client_id, s.salesperson_id, s.kind, s.reference,
      sum(s.net_amount) as net_amount
    from sales s
    -- A forfeited deposit is takings but no one's sale: it earns no commission (decision 0900).
    where ${where} and s.kind <> 'forfeit'
    group by case when s.kind = 'walk_in' and s.reference ~ '^A-[0-9]{1,9}$' then s.reference else s.id::text end,
      s.date, s.location_id, s.client_id, s.salesperson_id, s.kind, s.reference
  ),
  sal as (
    select s.id, s.date, s.location_id, s.client_id, s.salesperson_id, s.kind, s.reference, s.net_amount,
      coalesce(t.id, 0) as tkey, coalesce(t.category_id, 0) as ckey, coalesce(cm.membership_id, 0) as mkey,
      concat_ws('|', s.date, s.location_id, coalesce(t.id, 0), coalesce(t.category_id, 0), coalesce(cm.membership_id, 0)) as rkey,
      sp.first_name || ' ' || sp.last_name as salesperson_name, sp.employee_code as salesperson_code
    from visits s
    join employees sp on sp.id = s.salesperson_id
    -- The voucher and the walk-in's arrival by key, one row each: not a hash of every voucher and
    -- arrival of the business (limit 1 keeps the lookups per row, decision 0820).
    left join lateral (
      select ct.treatment_id from client_treatments ct where s.kind = 'voucher' and ct.code = s.reference limit 1
    ) ct on true
    left join lateral (
      select wa.treatment_id from client_arrivals wa
      where wa.id = case when s.kind = 'walk_in' and s.reference ~ '^A-[0-9]{1,9}$' then substr(s.reference, 3)::int end
      limit 1
    ) wa on true
    left join treatments t on t.id = coalesce(ct.treatment_id, wa.treatment_id)
    left join client_memberships cm on cm.id = case when s.kind = 'membership' and s.reference ~ '^CM-[0-9]{1,9}$'
      then substr(s.reference, 4)::int end
  ),
  sal_rules as (
    select k.*, r.id, r.kind, r.value from (select distinct rkey, date, location_id, tkey, ckey, mkey from sal) k
    join lateral (
      select r.id, r.kind, r.value from commission_rules r
      where r.role = 'salesperson' and r.applies_to = 'service' and r.effective_from <= k.date
        and (r.location_id is null or r.location_id = k.location_id)
        and (r.treatment_id = k.tkey or r.treatment_category_id = k.ckey or r.membership_id = k.mkey
          or r.membership_category_id in (select l.category_id from membership_category_links l where l.membership_id = k.mkey)
          or (${noTarget}))
      order by case when r.treatment_id is not null then 0 when r.treatment_category_id is not null then 1
          when r.membership_id is not null then 2 when r.membership_category_id is not null then 3 else 4 end,
        (r.location_id is null), r.effective_from desc, r.id desc
      limit 1
    ) r on true
  ),
  sal_lines as (
    select sal.salesperson_id as employee_id, sal.salesperson_name as employee_name,
      sal.salesperson_code as employee_code, 'sale' as source, sal.id as source_id, sal.client_id, sal.date,
      initcap(replace(sal.kind, '_', '-')) || case when sal.reference <> '' then ' ' || sal.reference else '' end as description,
      case when r.kind = 'fixed' then null else sal.net_amount end as base, r.id as rule_id,
      case when r.kind = 'fixed' then ${peso(sql`r.value`)} || ' per sale' else r.value::text || '% of net amount' end as rule_label,
      1 as split, false as requested,
      case when r.kind = 'fixed' then r.value else round(sal.net_amount * r.value / 100, 2) end::numeric(12, 2) as amount
    from sal join sal_rules r on r.rkey = sal.rkey
  )`;

/** Every earning of the filtered arrivals and sale lines, one row per person, source and bonus. */
export const earningsSql = (filter: EarningsFilter) => sql`
  with ${arrivalEarnings(filter.arrivals, filter.walkIns)}, ${saleEarnings(filter.sales)},
  lines as (select * from arr_lines union all select * from sal_lines)
  select l.employee_id, l.employee_name, l.employee_code, l.source, l.source_id, l.client_id, l.date, l.description,
    l.base::numeric(12, 2) as base_amount, l.rule_id, l.rule_label, l.split, l.requested, l.amount
  from lines l`;

/**
 * Tips (decision 0512) as earning lines, in earningsSql's columns: the therapist's own in full, one
 * line per tip row (`source` tip), no rule and no base: never commissioned. `where` filters `tp` (tips).
 * Short words ("Tip: Ana Cruz, paid in cash" · "Kept in full"): a statement's lines fit a phone's card.
 */
export const tipsSql = (where: SQL) => sql`
  select tp.employee_id, e.first_name || ' ' || e.last_name as employee_name, e.employee_code, 'tip' as source,
    tp.id as source_id, tp.client_id, tp.date,
    coalesce(c.first_name || ' ' || c.last_name || ', ', '') || 'paid in ' || replace(tp.payment_method, '_', '-') as description,
    null::numeric(12, 2) as base_amount, null::int as rule_id, 'Kept in full' as rule_label, 1 as split,
    false as requested, tp.amount::numeric(12, 2) as amount
  from tips tp join employees e on e.id = tp.employee_id left join clients c on c.id = tp.client_id
  where ${where}`;

/** The columns earningsSql answers, in order (what INSERT … SELECT writes into pay_run_lines). */
export const EARNING_COLUMNS = sql.raw(
  'employee_id, employee_name, employee_code, source, source_id, client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount',
);

/**
 * Arrivals and sale lines of one branch within two Manila dates. An arrival's walk-in sale is of its
 * branch and day (the join says so), so the period's sales are all the walk-ins it can meet.
 */
export const branchPeriod = (locationId: number, from: string, to: string): EarningsFilter => {
  const sales = sql`s.location_id = ${locationId} and s.date between ${from}::date and ${to}::date`;
  return {
    arrivals: sql`a.location_id = ${locationId} and a.date between ${from}::date and ${to}::date`,
    sales,
    walkIns: sales,
  };
};
