import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodContaining, todayInManila } from '@ginhawa/contract';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { signInChoosingOwn } from '../../test/agents';
import { unique } from '../services/services.test-helpers';
import { getAs, month, postAs } from './payroll.test-helpers';

/**
 * Four eyes on payroll (decisions 0800 and 0712): an Admin who submitted a run never approves it
 * while the business has another Admin account, active or not; the only Admin account may, while
 * Settings allows it. Returning one's own stays open. The approval's audit row names the rule.
 */

let ctx: TestContext;
let admin: Agent;
let loc: number;
/** A second branch for the runs the tests of this rule add, so the first branch's list stays as the last test reads it. */
let loc2: number;
let secondAdminId: number;
const OWN_PASSWORD = 'second admin chose this';

type Run = { id: number; status: string; approved_by: number | null; may_approve: boolean; cutoff_running: boolean };

const compute = (cutoff: 1 | 2) => postAs<Run>(admin, '/api/payroll/runs/', { ...month, cutoff, location: loc });
const step = (agent: Agent, id: number, action: 'submit' | 'approve') =>
  agent.request({ method: 'POST', url: `/api/payroll/runs/${id}/${action}/` });
const read = (agent: Agent, id: number) => getAs<Run>(agent, `/api/payroll/runs/${id}/`);
/** The rule the run's last approval audit row names. */
const ruleOf = async (id: number) => {
  const [row] = await ctx.database.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'pay_runs'), eq(auditLog.rowId, String(id)), eq(auditLog.action, 'approve')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return (row?.after as { approval_rule?: string } | undefined)?.approval_rule;
};
const setException = async (on: boolean) => {
  const res = await admin.request({
    method: 'PATCH',
    url: '/api/configurations/',
    payload: { sole_admin_approves_own_pay_runs: on },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().sole_admin_approves_own_pay_runs).toBe(on);
};

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  loc = (
    await postAs(admin, '/api/locations/', { name: unique('Four eyes'), opening_time: '09:00', closing_time: '21:00' })
  ).id;
  loc2 = (
    await postAs(admin, '/api/locations/', {
      name: unique('Four eyes 2'),
      opening_time: '09:00',
      closing_time: '21:00',
    })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('approving a pay run one submitted', () => {
  it('is refused to the only Admin while Settings does not allow the exception', async () => {
    await setException(false);
    const run = await postAs<Run>(admin, '/api/payroll/runs/', { ...month, cutoff: 1, location: loc2 });
    expect((await step(admin, run.id, 'submit')).statusCode).toBe(200);
    expect((await read(admin, run.id)).may_approve).toBe(false);
    const refused = await step(admin, run.id, 'approve');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/does not let a sole administrator approve their own pay runs/);
    const returned = await admin.request({
      method: 'POST',
      url: `/api/payroll/runs/${run.id}/return/`,
      payload: { reason: 'Waiting for the setting.' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await setException(true);
  });

  it('is allowed to the only Admin account, and refused once another can approve it', async () => {
    const alone = await compute(1);
    expect(alone.may_approve).toBe(false);
    expect((await step(admin, alone.id, 'submit')).statusCode).toBe(200);
    expect((await read(admin, alone.id)).may_approve).toBe(true);
    const own = await step(admin, alone.id, 'approve');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'approved', approved_by: ctx.userIds.admin });
    expect(await ruleOf(alone.id)).toBe('sole_admin_exception');

    const password = 'second-admin-pass-12345';
    const second = await postAs<{ id: number }>(admin, '/api/users/', {
      username: 'second.admin',
      password,
      first_name: 'Second',
      last_name: 'Admin',
      groups: ['Admin'],
    });
    secondAdminId = second.id;
    // A login an Admin made chooses its own password first (decision 0017).
    const other = await signInChoosingOwn(ctx.app, 'second.admin', password, OWN_PASSWORD);
    const run = await compute(2);
    expect((await step(admin, run.id, 'submit')).statusCode).toBe(200);
    // The read says what approving would answer, to each Admin: the screen offers Approve only then.
    expect((await read(admin, run.id)).may_approve).toBe(false);
    expect((await read(other, run.id)).may_approve).toBe(true);
    const refused = await step(admin, run.id, 'approve');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'You submitted this pay run, so another administrator approves it; they have been asked. You may return it instead.',
    });
    const still = await admin.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/` });
    expect(still.json()).toMatchObject({ status: 'submitted', approved_by: null });

    const returned = await admin.request({
      method: 'POST',
      url: `/api/payroll/runs/${run.id}/return/`,
      payload: { reason: 'Withdrawn to add a late arrival.' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await step(admin, run.id, 'submit')).statusCode).toBe(200);
    const approved = await step(other, run.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: second.id, may_approve: false });
    expect(await ruleOf(run.id)).toBe('four_eyes');
  });

  it('stays refused after every other Admin is deactivated, whatever the setting', async () => {
    const run = await postAs<Run>(admin, '/api/payroll/runs/', { ...month, cutoff: 2, location: loc2 });
    expect((await step(admin, run.id, 'submit')).statusCode).toBe(200);
    const others = secondAdminId;
    const off = await admin.request({ method: 'PATCH', url: `/api/users/${others}/`, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await read(admin, run.id)).may_approve).toBe(false);
    const refused = await step(admin, run.id, 'approve');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'You submitted this pay run, so another administrator approves it; they have been asked. You may return it instead.',
    });
    expect((await read(admin, run.id)).approved_by).toBeNull();
    const on = await admin.request({ method: 'PATCH', url: `/api/users/${others}/`, payload: { is_active: true } });
    expect(on.statusCode, on.body).toBe(200);
  });
});

describe('a run of the cutoff in progress', () => {
  it('says its cutoff is still running, and may be submitted and approved all the same', async () => {
    const past = await getAs<{ results: Run[] }>(admin, `/api/payroll/runs/?location=${loc}`);
    expect(past.results.map((r) => r.cutoff_running)).toEqual([false, false]);
    const current = periodContaining(todayInManila());
    const run = await postAs<Run>(admin, '/api/payroll/runs/', { ...current, location: loc });
    expect(run.cutoff_running).toBe(true);
    expect((await step(admin, run.id, 'submit')).statusCode).toBe(200);
    // A reason left out is asked for in the words a blank one is.
    for (const payload of [{}, { reason: '  ' }]) {
      const res = await admin.request({ method: 'POST', url: `/api/payroll/runs/${run.id}/return/`, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ reason: ['Say why the pay run is returned.'] });
    }
    const other = await login(ctx.app, 'second.admin', OWN_PASSWORD);
    const approved = await step(other, run.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', cutoff_running: true });
  });
});
