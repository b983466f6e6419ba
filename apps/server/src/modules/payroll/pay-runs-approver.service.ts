import { sql } from 'drizzle-orm';
import { ADMIN_GROUP } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../lib/actor';
import { payrollRows } from './shared';

/**
 * Who may approve a submitted pay run (decision 0800, "Who does what"): the one rule both the
 * approval (a 403) and the run's read (`may_approve`, so the screen offers only what succeeds) use.
 */

/** The Admins a submitted run's approval request goes to (and who could approve it). */
export const activeAdmins = async (db: DbOrTx) =>
  (
    await payrollRows<{ id: number }>(
      db,
      sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
        where u.is_active and g.name = ${ADMIN_GROUP}`,
    )
  ).map((r) => Number(r.id));

/**
 * Why this Admin may not approve the run `submittedBy` submitted, or null when they may. Four eyes
 * on payroll: whoever submitted a run does not approve it while another active Admin can (they
 * were the ones asked); a business with one Admin would otherwise never approve theirs.
 */
export const approvalRefusal = async (db: DbOrTx, actor: AuthUser, submittedBy: number | null) => {
  if (submittedBy !== actor.id) return null;
  if (!(await activeAdmins(db)).some((id) => id !== actor.id)) return null;
  return 'You submitted this pay run, so another administrator approves it; they have been asked. You may return it instead.';
};
