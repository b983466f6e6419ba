import { sql } from 'drizzle-orm';
import { todayInManila } from '@ginhawa/contract';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import type { Agent } from '../../test/build';
import { makeTreatment, unique } from '../services/services.test-helpers';
import { earningAdjustmentsSql, serviceChargeAdjustmentsSql } from './pay-runs-adjust.service';
import { payrollRows } from './shared';

/** A pay-run line as the lines endpoint answers it (the fields the payroll tests read). */
export type Line = {
  id: number;
  employee: number;
  source: string;
  source_id: number | null;
  adjusted_source: string | null;
  adjusts_line: number | null;
  requested: boolean;
  description: string;
  amount: string;
};

/** Last month in Manila: both its cutoffs are over, so both can be computed and approved. */
export const month = (() => {
  const [y, m] = todayInManila().split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
})();
export const day = (d: number) => `${month.year}-${String(month.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The agent's POST, answering its body once the status is as expected. */
export const postAs = async <T = Record<string, unknown>>(agent: Agent, url: string, payload: object, status = 201) => {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T & { id: number };
};

/** The agent's GET, answering its body once the status is 200. */
export const getAs = async <T>(agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** A run's lines (up to 500). */
export const linesOfRun = async (agent: Agent, runId: number) =>
  (await getAs<{ results: Line[] }>(agent, `/api/payroll/runs/${runId}/lines/?pageSize=500`)).results;

/**
 * A new branch with something to pay (`last` names it and its people): two therapists and a
 * salesperson hired in 2020, a client, a ₱1,000.00 treatment, and its rules from 2020: therapists
 * 10% of the list price and ₱50 when requested, the salesperson 5%.
 */
export const aCommissionedBranch = async (admin: Agent, last: string) => {
  const post = (url: string, payload: object) => postAs(admin, url, payload);
  const loc = (
    await post('/api/locations/', { name: unique(`${last} branch`), opening_time: '09:00', closing_time: '21:00' })
  ).id;
  const hire = (kind: 'therapists' | 'salespersons', first: string) =>
    post(`/api/${kind}/`, {
      first_name: first,
      last_name: last,
      location: loc,
      hire_date: '2020-01-01',
      ...(kind === 'salespersons' ? { monthly_target: '0.00' } : {}),
    });
  const tA = (await hire('therapists', 'Amihan')).id;
  const tB = (await hire('therapists', 'Habagat')).id;
  const sp = (await hire('salespersons', 'Dalisay')).id;
  const client = (await post('/api/clients/', { first_name: last, last_name: 'Client', location: loc })).id;
  const z = await makeTreatment(admin, { price: '1000.00' });
  const rule = (body: object) =>
    post('/api/payroll/commission-rules/', { location: loc, effective_from: '2020-01-01', ...body });
  await rule({ role: 'therapist', kind: 'percent', value: '10', basis: 'list_price' });
  await rule({ role: 'salesperson', kind: 'percent', value: '5' });
  await rule({ role: 'therapist', applies_to: 'requested_bonus', kind: 'fixed', value: '50' });
  const compute = (period: { year: number; month: number }, cutoff: 1 | 2, status = 201) =>
    postAs<PayRun>(admin, '/api/payroll/runs/', { ...period, cutoff, location: loc }, status);
  const approve = async (run: PayRun) => {
    await postAs(admin, `/api/payroll/runs/${run.id}/submit/`, {}, 200);
    await postAs(admin, `/api/payroll/runs/${run.id}/approve/`, {}, 200);
  };
  /** A visit of the client at 10:00 for the treatment; `body` says the rest. */
  const arrive = (body: Record<string, unknown>) =>
    postAs<{ id: number; sale: { id: number } | null }>(admin, '/api/clients/arrivals/', {
      client,
      location: loc,
      time: '10:00',
      treatment: z.id,
      ...body,
    });
  /** A walk-in paid in cash at the desk: ₱100.00 off, ₱25.00 service charge, sold by the salesperson. */
  const walkIn = (date: string, therapist: number) =>
    arrive({
      date,
      therapist,
      payment: { salesperson: sp, payment_method: 'cash', discount: '100.00', service_charge: '25.00' },
    });
  return { loc, tA, tB, sp, client, z, compute, approve, arrive, walkIn };
};
export type CommissionedBranch = Awaited<ReturnType<typeof aCommissionedBranch>>;
export type PayRun = { id: number; status: string };

type Row = Record<string, unknown>;
const ADJUSTMENT_COLUMNS = `employee_id, source, source_id, adjusted_source, adjusts_line_id, requested, client_id,
  date::text, description, base_amount::text, rule_id, rule_label, split, amount::text`;
class Rollback extends Error {}

/**
 * The run's adjustment lines as the compute wrote them, and (in a transaction always rolled back)
 * those the unbounded pass gives, pricing every arrival and sale of every approved cutoff again.
 */
export const adjustmentsAndUnbounded = async (db: Db, runId: number, loc: number) => {
  const written = await payrollRows<Row>(
    db,
    sql`select ${sql.raw(ADJUSTMENT_COLUMNS)} from pay_run_lines where run_id = ${runId} and source = 'adjustment'`,
  );
  let unbounded: Row[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from pay_run_lines where run_id = ${runId} and source = 'adjustment'`);
      unbounded = await payrollRows<Row>(
        tx,
        sql`select ${sql.raw(ADJUSTMENT_COLUMNS)} from ((${earningAdjustmentsSql(runId, loc, false)})
          union all (${serviceChargeAdjustmentsSql(runId, loc, false)})) x`,
      );
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return { written, unbounded };
};
