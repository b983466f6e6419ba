import { afterAll, beforeAll } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { itAnswersHostileRequestsCleanly, type ReadSpec, type WriteSpec } from '../../test/hostile-fields';
import { month, postAs } from './payroll.test-helpers';

/**
 * Pay runs and commission rules as a Manager and an Admin use them, with hostile fields
 * (test/hostile-fields.ts): percentages and pesos with three decimals, negative or past the limit,
 * years and days out of range, NUL bytes, wrong types. Never a 5xx; a refusal is `{message, errors?}`
 * with one of the API's codes.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
/** The demo manager's first branch, and its run of last month's first cutoff (submitted, so it may be returned). */
let branch: number;
let run: number;
let rule: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  const me = await manager.request({ method: 'GET', url: '/api/users/my_data/' });
  branch = (me.json() as { locations: { id: number }[] }).locations[0]!.id;
  run = (await postAs(manager, '/api/payroll/runs/', { ...month, cutoff: 1, location: branch })).id;
  await postAs(manager, `/api/payroll/runs/${run}/submit/`, {}, 200);
  rule = (await postAs(admin, '/api/payroll/commission-rules/', ruleBody())).id;
});
afterAll(async () => {
  await ctx?.close();
});

const ruleBody = () => ({
  role: 'therapist',
  applies_to: 'service',
  treatment: null,
  treatment_category: null,
  membership: null,
  membership_category: null,
  kind: 'percent',
  basis: 'paid_price',
  value: '12.50',
  location: branch,
  effective_from: `${month.year}-${String(month.month).padStart(2, '0')}-20`,
  notes: 'Fuzz',
});

const writes: WriteSpec[] = [
  {
    as: () => manager,
    method: 'POST',
    url: () => '/api/payroll/runs/',
    body: () => ({ ...month, cutoff: 2, location: branch }),
  },
  { as: () => admin, method: 'POST', url: () => `/api/payroll/runs/${run}/return/`, body: () => ({ reason: 'Fuzz' }) },
  { as: () => admin, method: 'POST', url: () => '/api/payroll/commission-rules/', body: ruleBody },
  { as: () => admin, method: 'PUT', url: () => `/api/payroll/commission-rules/${rule}/`, body: ruleBody },
  {
    as: () => admin,
    method: 'PATCH',
    url: () => `/api/payroll/commission-rules/${rule}/`,
    body: () => ({ kind: 'fixed', value: '150.00' }),
  },
];

const reads: ReadSpec[] = [
  {
    as: () => manager,
    url: () => '/api/payroll/runs/',
    query: () => ({ location: String(branch), year: String(month.year), month: String(month.month), cutoff: '1' }),
  },
  {
    as: () => manager,
    url: () => `/api/payroll/runs/${run}/lines/`,
    query: () => ({ source: 'arrival', ordering: '-amount', format: 'csv' }),
  },
  {
    as: () => manager,
    url: () => '/api/payroll/my-earnings/',
    query: () => ({ year: String(month.year), month: String(month.month), cutoff: '1' }),
  },
  {
    as: () => admin,
    url: () => '/api/payroll/commission-rules/',
    query: () => ({ role: 'therapist', in_force_on: `${month.year}-01-01`, ordering: 'value' }),
  },
];

itAnswersHostileRequestsCleanly('pay-run and rule', writes, reads, 2100);
