import { afterAll, beforeAll } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { aCommissionedBranch, month, postAs, type CommissionedBranch } from './payroll.test-helpers';

type Period = { year: number; month: number };

export const monthBefore = (p: Period): Period =>
  p.month === 1 ? { year: p.year - 1, month: 12 } : { year: p.year, month: p.month - 1 };
export const monthAfter = (p: Period): Period =>
  p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 };
/** Day `d` of the period's month, as `YYYY-MM-DD`. */
export const dayIn = (p: Period, d: number) =>
  `${p.year}-${String(p.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The month before `month`: both its cutoffs over, approved before `month`'s are computed. */
export const earlier = monthBefore(month);
export const earlierDay = (d: number) => dayIn(earlier, d);

/**
 * A test file's app, its signed-in Admin and a commissioned branch (aCommissionedBranch; `last`
 * names it), made before the file's tests and closed after them. Read its fields inside hooks and
 * tests: they are set once the file's first beforeAll has run.
 */
export const commissionedBranchSuite = (last: string) => {
  const suite = {
    ctx: undefined as unknown as TestContext,
    admin: undefined as unknown as Agent,
    branch: undefined as unknown as CommissionedBranch,
    /** The Admin's POST, answering its body once the status is as expected. */
    post: <T = Record<string, unknown>>(url: string, payload: object, status = 201) =>
      postAs<T>(suite.admin, url, payload, status),
  };
  beforeAll(async () => {
    suite.ctx = await buildTestApp();
    suite.admin = await login(suite.ctx.app, 'admin', ADMIN_PASSWORD);
    suite.branch = await aCommissionedBranch(suite.admin, last);
  }, 60_000);
  afterAll(async () => {
    await suite.ctx?.close();
  });
  return suite;
};
