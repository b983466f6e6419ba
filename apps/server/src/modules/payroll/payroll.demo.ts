import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { commissionRules, treatments } from '../../db/schema/index';

/**
 * The demo database's commission rules, so the pay-run screens are not empty: therapists 10% of
 * the treatment's list price per session (a session included in a membership, paid ₱0 on its own,
 * still pays its therapist), ₱150 for the first treatment of the catalogue, a ₱50 requested bonus;
 * salespeople 5% of the net, raised to 7% from this year (the history shows a dated change).
 */
export const seedDemoPayroll = async (tx: Tx) => {
  const [first] = await tx.select({ id: treatments.id }).from(treatments).orderBy(asc(treatments.id)).limit(1);
  const year = new Date().getUTCFullYear();
  await tx
    .insert(commissionRules)
    .values([
      { role: 'therapist', kind: 'percent', basis: 'list_price', value: '10.00', effectiveFrom: '2024-01-01' },
      ...(first
        ? [{ role: 'therapist', treatmentId: first.id, kind: 'fixed', value: '150.00', effectiveFrom: '2024-01-01' }]
        : []),
      { role: 'therapist', appliesTo: 'requested_bonus', kind: 'fixed', value: '50.00', effectiveFrom: '2024-01-01' },
      { role: 'salesperson', kind: 'percent', value: '5.00', effectiveFrom: '2024-01-01' },
      { role: 'salesperson', kind: 'percent', value: '7.00', effectiveFrom: `${year}-01-01` },
    ]);
};
