import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../lib/actor';
import { soleAdminApprovesOwnPayRuns } from '../configurations/index';
import { adminAccountIds } from '../users/index';

/**
 * Who may approve a submitted pay run (decisions 0800 and 0712): the one rule both the approval
 * (a 403) and the run's read (`may_approve`, so the screen offers only what succeeds) use.
 */

/** Which rule let an approval through: the audit row of an approval names it (decision 0712). */
export type ApprovalRule = 'four_eyes' | 'sole_admin_exception';

const ANOTHER_ADMIN =
  'You submitted this pay run, so another administrator approves it; they have been asked. You may return it instead.';
const NO_EXCEPTION =
  'You submitted this pay run, so another administrator approves it. Settings does not let a sole administrator approve their own pay runs: add an administrator, or change that setting. You may return it instead.';

/**
 * Why this Admin may not approve the run `submittedBy` submitted (a sentence), or the rule that lets
 * them. Four eyes on payroll: whoever submitted a run never approves it, however many Admins are
 * active, except a business's only Admin account (deactivated Admins count, so deactivating the
 * others is no way round it) while Settings allows it.
 */
export const approvalDecision = async (
  db: DbOrTx,
  actor: AuthUser,
  submittedBy: number | null,
): Promise<{ rule: ApprovalRule } | { refusal: string }> => {
  if (submittedBy !== actor.id) return { rule: 'four_eyes' };
  if ((await adminAccountIds(db)).some((id) => id !== actor.id)) return { refusal: ANOTHER_ADMIN };
  if (!(await soleAdminApprovesOwnPayRuns(db))) return { refusal: NO_EXCEPTION };
  return { rule: 'sole_admin_exception' };
};

/** The refusal's sentence, or null when this Admin may approve. */
export const approvalRefusal = async (db: DbOrTx, actor: AuthUser, submittedBy: number | null) => {
  const decision = await approvalDecision(db, actor, submittedBy);
  return 'refusal' in decision ? decision.refusal : null;
};
