import { eq, inArray, sql } from 'drizzle-orm';
import {
  MANAGER_GROUP,
  cutoffDates,
  periodContaining,
  todayInManila,
  type EarningLine,
  type MyEarnings,
  type MyEarningsParams,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { employees, payRunEmployees } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { inScope, workplaceScope } from '../../lib/scope';
import { publish } from '../../plugins/bus';
import { earningsSql, tipsSql } from './earnings.service';
import { payrollRows } from './shared';

/** A person's own earnings so far (docs/api.md "My earnings"), computed live with the pay runs' SQL. */

/** Whose earnings: the caller's own employee records, or (Managers of the branch, Admins) the one asked for. */
const whose = async (db: DbOrTx, user: AuthUser, employeeId: number | undefined) => {
  if (employeeId === undefined)
    return (await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, user.id))).map(
      (e) => e.id,
    );
  const [person] = await db.select().from(employees).where(eq(employees.id, employeeId));
  if (!person) throw notFound('No such employee.');
  if (person.userId === user.id) return [person.id];
  const manages =
    isAdmin(user) || (user.groups.includes(MANAGER_GROUP) && inScope(workplaceScope(user), person.locationId));
  if (!manages) throw forbidden("Only the branch's managers and administrators read another employee's earnings.");
  return [person.id];
};

type Row = Omit<EarningLine, 'source_id' | 'adjusted_source' | 'employee' | 'client' | 'rule' | 'split'> & {
  employee_id: number;
  source_id: number;
  client_id: number | null;
  rule_id: number | null;
  split: number;
  arrivals_total: string;
  sales_total: string;
  total: string;
};

export const myEarnings = async (db: Db, user: AuthUser, q: MyEarningsParams): Promise<MyEarnings> => {
  const now = periodContaining(todayInManila());
  const year = q.year ?? now.year;
  const month = q.month ?? now.month;
  const cutoff = q.cutoff ?? now.cutoff;
  const { from, to } = cutoffDates(year, month, cutoff);
  const ids = await whose(db, user, q.employee);
  const list = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  const rows = ids.length
    ? await payrollRows<Row>(
        db,
        sql`select e.employee_id, e.employee_name, e.employee_code, e.source, e.source_id, e.client_id, e.date::text as date,
            e.description, e.base_amount::text as base_amount, e.rule_id, e.rule_label, e.split, e.requested,
            e.amount::text as amount,
            round(coalesce(sum(e.amount) filter (where e.source = 'arrival') over (), 0), 2)::text as arrivals_total,
            round(coalesce(sum(e.amount) filter (where e.source = 'sale') over (), 0), 2)::text as sales_total,
            round(sum(e.amount) over (), 2)::text as total
          from ((${earningsSql({
            arrivals: sql`(a.therapist_id in (${list}) or a.second_therapist_id in (${list})) and a.date between ${from}::date and ${to}::date`,
            sales: sql`s.salesperson_id in (${list}) and s.date between ${from}::date and ${to}::date`,
            // An arrival's walk-in sale is of its day: the period's, whoever sold it.
            walkIns: sql`s.date between ${from}::date and ${to}::date`,
          })}) union all (${tipsSql(sql`tp.employee_id in (${list}) and tp.date between ${from}::date and ${to}::date`)})) e
          where e.employee_id in (${list})
          order by e.date desc, e.source, e.source_id desc, e.requested`,
      )
    : [];
  // The sums ride on every line (window aggregates in SQL); no lines means nothing earned yet.
  const totals = rows[0] ?? { arrivals_total: '0.00', sales_total: '0.00', total: '0.00' };
  return {
    year,
    month,
    cutoff,
    date_from: from,
    date_to: to,
    employees: ids,
    arrivals_total: totals.arrivals_total,
    sales_total: totals.sales_total,
    total: totals.total,
    lines: rows.map((r) => ({
      employee: Number(r.employee_id),
      employee_name: r.employee_name,
      employee_code: r.employee_code,
      source: r.source,
      source_id: Number(r.source_id),
      adjusted_source: null,
      client: r.client_id === null ? null : Number(r.client_id),
      date: r.date,
      description: r.description,
      base_amount: r.base_amount,
      rule: r.rule_id === null ? null : Number(r.rule_id),
      rule_label: r.rule_label,
      split: Number(r.split),
      requested: r.requested,
      amount: r.amount,
    })),
  };
};

/**
 * Tells the sockets of these employees' logins that their earnings moved (an arrival logged or
 * cancelled, a sale line written or deleted), once the transaction commits.
 */
/**
 * Whether any pay run paid the employee (its per-employee totals name everyone with a line): pay-run
 * lines keep no foreign key to employees (decision 0800), so deleting one asks here.
 */
export const paidInPayRuns = async (tx: Tx, employeeId: number) =>
  (
    await tx
      .select({ id: payRunEmployees.employeeId })
      .from(payRunEmployees)
      .where(eq(payRunEmployees.employeeId, employeeId))
      .limit(1)
  ).length > 0;

export const earningsChanged = async (tx: Tx, employeeIds: (number | null)[], date: string) => {
  const ids = [...new Set(employeeIds.filter((id): id is number => id !== null))];
  if (!ids.length) return;
  const people = await tx
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(inArray(employees.id, ids));
  for (const p of people)
    if (p.userId !== null) await publish(tx, { t: 'earnings', user: p.userId, employee: p.id, date });
};
