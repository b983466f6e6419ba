import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodContaining, todayInManila } from '@ginhawa/contract';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { signInChoosingOwn } from '../../test/agents';
import { unique } from '../services/services.test-helpers';
import { getAs, month, postAs } from './payroll.test-helpers';

/**
 * Four eyes on payroll (decision 0800): an Admin who submitted a run does not approve it while
 * another active Admin can, who is the one asked; alone, they may. Returning one's own stays open.
 */

let ctx: TestContext;
let admin: Agent;
let loc: number;
const OWN_PASSWORD = 'second admin chose this';

type Run = { id: number; status: string; approved_by: number | null; may_approve: boolean; cutoff_running: boolean };

const compute = (cutoff: 1 | 2) => postAs<Run>(admin, '/api/payroll/runs/', { ...month, cutoff, location: loc });
const step = (agent: Agent, id: number, action: 'submit' | 'approve') =>
  agent.request({ method: 'POST', url: `/api/payroll/runs/${id}/${action}/` });
const read = (agent: Agent, id: number) => getAs<Run>(agent, `/api/payroll/runs/${id}/`);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  loc = (
    await postAs(admin, '/api/locations/', { name: unique('Four eyes'), opening_time: '09:00', closing_time: '21:00' })
  ).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('approving a pay run one submitted', () => {
  it('is allowed to the only active Admin, and refused once another can approve it', async () => {
    const alone = await compute(1);
    expect(alone.may_approve).toBe(false);
    expect((await step(admin, alone.id, 'submit')).statusCode).toBe(200);
    expect((await read(admin, alone.id)).may_approve).toBe(true);
    const own = await step(admin, alone.id, 'approve');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'approved', approved_by: ctx.userIds.admin });

    const password = 'second-admin-pass-12345';
    const second = await postAs<{ id: number }>(admin, '/api/users/', {
      username: 'second.admin',
      password,
      first_name: 'Second',
      last_name: 'Admin',
      groups: ['Admin'],
    });
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
