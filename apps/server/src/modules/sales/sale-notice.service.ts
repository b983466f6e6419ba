import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { employees } from '../../db/schema/index';
import { pesos } from '../../lib/notice-text';
import { notify } from '../notifications/index';
import { displayName, type AuthUser } from '../../lib/actor';

/** What a sale tells the salesperson it is credited to, when someone else made it. */

export const SOLD: Record<'membership' | 'voucher' | 'walk_in', string> = {
  membership: 'a membership',
  voucher: 'a voucher',
  walk_in: 'a walk-in visit',
};

/**
 * A sale made by someone else but credited to a salesperson counts toward their target and rank,
 * so they hear of it: "Maria Santos sold a 6-session Hilot voucher credited to you: ₱9,000.00."
 * Nobody is told of their own sale, nor a salesperson without a login.
 */
export const tellCreditedSalesperson = async (
  tx: Tx,
  user: AuthUser,
  salespersonId: number,
  what: string,
  net: string,
) => {
  const [seller] = await tx.select({ userId: employees.userId }).from(employees).where(eq(employees.id, salespersonId));
  if (!seller?.userId || seller.userId === user.id) return;
  const who = displayName(user);
  await notify(tx, {
    recipients: [seller.userId],
    actorId: user.id,
    type: 'sale_credited',
    title: 'Sale credited to you',
    message: `${who} sold ${what} credited to you: ${pesos(net)}.`,
    link: '/dashboard',
    data: { salesperson: salespersonId, net_amount: net },
  });
};
