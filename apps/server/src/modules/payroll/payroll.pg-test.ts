import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInManila } from '@ginhawa/contract';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { makeTreatment, unique } from '../services/services.test-helpers';
import { day, month, postAs } from './payroll.test-helpers';

/**
 * Pay runs on PostgreSQL, where requests really run side by side (decision 0800): computing one
 * branch's run from several sessions at once makes one run with one set of lines; approving and
 * computing again at the same moment never leaves an approved run with other lines than it had;
 * several runs of one branch computed at once pay a late earning once (the branch's compute lock).
 */
let ctx: TestContext;
let admins: Agent[];
let f: Fixtures;
const period = (() => {
  const now = new Date();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  return { year: month === 12 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(), month };
})();

beforeAll(async () => {
  ctx = await buildTestApp();
  admins = await Promise.all([1, 2, 3, 4].map((i) => login(ctx.app, 'admin', ADMIN_PASSWORD, `10.9.8.${i}`)));
  f = await loadFixtures(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const linesOf = async (runId: number) =>
  (
    (await ctx.database.db.execute(
      sql`select id, employee_id, source, source_id, amount::text from pay_run_lines where run_id = ${runId} order by id`,
    )) as unknown as { rows: object[] }
  ).rows;

describe('pay runs in parallel', () => {
  it('computing one branch’s cutoff from four sessions at once makes one run and one set of lines', async () => {
    const body = { ...period, cutoff: 1, location: f.home };
    const answers = await Promise.all(
      admins.map((a) => a.request({ method: 'POST', url: '/api/payroll/runs/', payload: body })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((r) => r.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const totals = new Set(answers.map((r) => r.json<{ total: string }>().total));
    expect(totals.size).toBe(1);
    const [dupes] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from (select source, source_id, employee_id, requested from pay_run_lines
          where run_id = ${id!} and source in ('arrival', 'sale') group by 1, 2, 3, 4 having count(*) > 1) d`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(dupes!.n)).toBe(0);
  });

  it('approving while others compute again: the approved run keeps the lines it was approved with', async () => {
    const body = { ...period, cutoff: 2, location: f.home };
    const created = await admins[0]!.request({ method: 'POST', url: '/api/payroll/runs/', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const submitted = await admins[0]!.request({ method: 'POST', url: `/api/payroll/runs/${id}/submit/` });
    expect(submitted.statusCode).toBe(200);
    const before = await linesOf(id);
    const [approve, ...computes] = await Promise.all([
      admins[1]!.request({ method: 'POST', url: `/api/payroll/runs/${id}/approve/` }),
      admins[2]!.request({ method: 'POST', url: '/api/payroll/runs/', payload: body }),
      admins[3]!.request({ method: 'POST', url: '/api/payroll/runs/', payload: body }),
    ]);
    expect(approve!.statusCode, approve!.body).toBe(200);
    // The run was submitted: computing it is refused whichever came first.
    expect(computes.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await linesOf(id)).toEqual(before);
    const again = await admins[2]!.request({ method: 'POST', url: '/api/payroll/runs/', payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('approved and locked');
  });

  it('computing several runs of one branch at once pays a late arrival in an approved cutoff once', async () => {
    const admin = admins[0]!;
    const post = (url: string, payload: object, status = 201) => postAs(admin, url, payload, status);
    const loc = (
      await post('/api/locations/', { name: unique('Race branch'), opening_time: '09:00', closing_time: '21:00' })
    ).id;
    const therapist = (
      await post('/api/therapists/', { first_name: 'Ulan', last_name: 'Race', location: loc, hire_date: '2020-01-01' })
    ).id;
    const client = (await post('/api/clients/', { first_name: 'Race', last_name: 'Client', location: loc })).id;
    const treatment = await makeTreatment(admin, { price: '1000.00' });
    await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: '2020-01-01',
      role: 'therapist',
      kind: 'percent',
      value: '10',
    });
    // Cutoffs from three months back to this month's first: the oldest is approved, the rest drafts.
    const [y, m] = todayInManila().split('-').map(Number) as [number, number];
    const cutoffs = [3, 2, 1, 0].flatMap((back) => {
      const at = (y * 12 + m - 1 - back) as number;
      const period = { year: Math.floor(at / 12), month: (at % 12) + 1 };
      return back === 0 ? [{ ...period, cutoff: 1 }] : [1, 2].map((cutoff) => ({ ...period, cutoff }));
    });
    const [approved, ...drafts] = cutoffs;
    const oldest = await post('/api/payroll/runs/', { ...approved!, location: loc });
    await post(`/api/payroll/runs/${oldest.id}/submit/`, {}, 200);
    await post(`/api/payroll/runs/${oldest.id}/approve/`, {}, 200);
    // Backdated into the approved cutoff: ₱100 owed, as a late line in exactly one draft.
    const day = `${approved!.year}-${String(approved!.month).padStart(2, '0')}-05`;
    await post('/api/clients/arrivals/', {
      client,
      location: loc,
      date: day,
      time: '10:00',
      therapist,
      treatment: treatment.id,
    });
    // Computed together, then together again (a draft computed again drops and rewrites its adjustments).
    for (const round of [201, 200]) {
      const answers = await Promise.all(
        drafts.map((d, i) =>
          admins[i % admins.length]!.request({
            method: 'POST',
            url: '/api/payroll/runs/',
            payload: { ...d, location: loc },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(drafts.map(() => round));
      const [late] = (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from pay_run_lines
            where location_id = ${loc} and source = 'adjustment'`,
        )) as unknown as { rows: { n: number; amount: string }[] }
      ).rows;
      expect(late).toEqual({ n: 1, amount: '100.00' });
    }
  });
});

describe('deciding a pay run from several screens at once', () => {
  it('three approvals and three returns at once: one decision, audited once; five told it is decided', async () => {
    const admin = admins[0]!;
    const post = (url: string, payload: object, status = 201) => postAs(admin, url, payload, status);
    const loc = (
      await post('/api/locations/', { name: unique('Decide branch'), opening_time: '09:00', closing_time: '21:00' })
    ).id;
    const run = await post('/api/payroll/runs/', { ...month, cutoff: 1, location: loc });
    await post(`/api/payroll/runs/${run.id}/submit/`, {}, 200);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        admins[i % admins.length]!.request({
          method: 'POST',
          url: `/api/payroll/runs/${run.id}/${i % 2 ? 'return' : 'approve'}/`,
          payload: { reason: 'Check the hours.' },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    const status = won[0]!.json<{ status: string }>().status;
    expect(['approved', 'returned']).toContain(status);
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ message: string }>().message);
    expect(refused).toHaveLength(5);
    for (const m of refused)
      expect(m).toMatch(new RegExp(`^Only a submitted pay run can be (approved|returned); this one is ${status}\\.$`));
    const [decisions] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from audit_log where table_name = 'pay_runs' and row_id = ${run.id}
          and action in ('approve', 'return')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(decisions!.n)).toBe(1);
  });
});

describe('a commission rule and a compute at once', () => {
  it('a rule deleted while a compute runs with it waits for it, then is refused: no line names a deleted rule', async () => {
    const admin = admins[0]!;
    const post = (url: string, payload: object, status = 201) => postAs(admin, url, payload, status);
    const loc = (
      await post('/api/locations/', { name: unique('Rule race'), opening_time: '09:00', closing_time: '21:00' })
    ).id;
    const therapist = (
      await post('/api/therapists/', { first_name: 'Ulap', last_name: 'Race', location: loc, hire_date: '2020-01-01' })
    ).id;
    const client = (await post('/api/clients/', { first_name: 'Rule', last_name: 'Client', location: loc })).id;
    const treatment = await makeTreatment(admin, { price: '1000.00' });
    const rule = await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: '2020-01-01',
      role: 'therapist',
      kind: 'percent',
      value: '10',
    });
    const arrival = await post('/api/clients/arrivals/', {
      client,
      location: loc,
      date: day(5),
      time: '10:00',
      therapist,
      treatment: treatment.id,
    });
    // Another session holds, uncommitted, a line the compute is about to write (the "once" index):
    // the compute's INSERT … SELECT waits there, its snapshot already taken with the rule in it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const blocker = ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with run as (insert into pay_runs (location_id, year, month, cutoff, date_from, date_to)
            values (${loc}, 2000, 1, 1, '2000-01-01', '2000-01-15') returning id)
          insert into pay_run_lines (run_id, location_id, employee_id, employee_name, employee_code, source,
            source_id, requested, date, description, amount)
          select id, ${loc}, ${therapist}, 'x', 'x', 'arrival', ${arrival.id}, false, ${day(5)}, 'x', 0 from run`);
        held();
        await gate;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await holding;
    const lockWaits = async () =>
      Number(
        (
          (await ctx.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const compute = admin.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: { ...month, cutoff: 1, location: loc },
    });
    await vi.waitFor(async () => expect(await lockWaits()).toBe(1), { timeout: 30_000, interval: 20 });
    let deleted: Awaited<typeof compute> | undefined;
    const deletion = admins[1]!
      .request({ method: 'DELETE', url: `/api/payroll/commission-rules/${rule.id}/` })
      .then((res) => (deleted = res));
    // The deletion waits for the compute (or, without the compute's hold on the rules, is already done).
    await vi.waitFor(async () => expect(deleted !== undefined || (await lockWaits()) === 2).toBe(true), {
      timeout: 30_000,
      interval: 20,
    });
    release();
    await blocker;
    const [computed] = await Promise.all([compute, deletion]);
    expect(computed.statusCode, computed.body).toBe(201);
    expect(deleted!.statusCode, deleted!.body).toBe(409);
    const [orphans] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from pay_run_lines l where l.location_id = ${loc} and l.rule_id is not null
          and not exists (select 1 from commission_rules r where r.id = l.rule_id)`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(orphans!.n)).toBe(0);
  }, 120_000);
});
