import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../lib/actor';
import { activeAdminIds } from '../users/index';

/**
 * Who may approve a submitted pay run (decision 0800, "Who does what"): the one rule both the
 * approval (a 403) and the run's read (`may_approve`, so the screen offers only what succeeds) use.
 */

/**
 * Why this Admin may not approve the run `submittedBy` submitted, or null when they may. Four eyes
 * on payroll: whoever submitted a run does not approve it while another active Admin can (they
 * were the ones asked); a business with one Admin would otherwise never approve theirs.
 */
export const approvalRefusal = async (db: DbOrTx, actor: AuthUser, submittedBy: number | null) => {
  if (submittedBy !== actor.id) return null;
  if (!(await activeAdminIds(db)).some((id) => id !== actor.id)) return null;
  return 'You submitted this pay run, so another administrator approves it; they have been asked. You may return it instead.';
};
