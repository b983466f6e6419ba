import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientMemberships, clientTreatments } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict } from '../../lib/http-error';
import type { SoldReversal } from '../sales/index';

/**
 * What a voided invoice sold, cancelled in the void's transaction (issue 33, decision 1016): a
 * voucher (V-…) or a membership (CM-…, with the vouchers it came with), only while no session of
 * it was used; a used one is a 409 that says so (the desk issues a credit memo instead). Handed to
 * the sales module at registration (clients.module.ts), which runs the void.
 */
export const cancelSoldOnVoid: SoldReversal = async (tx: Tx, actorId, sold) => {
  if (sold.kind === 'voucher') {
    const [voucher] = await tx
      .select()
      .from(clientTreatments)
      .where(eq(clientTreatments.code, sold.reference))
      .for('update');
    if (!voucher) return;
    if (voucher.sessionsUsed > 0)
      throw conflict(
        `Voucher ${voucher.code} has been used (${voucher.sessionsUsed} of ${voucher.sessionsTotal} sessions): its invoice cannot be voided. Issue a credit memo for what is left.`,
      );
    await tx
      .update(clientTreatments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(clientTreatments.id, voucher.id));
    await audit(tx, {
      actorId,
      action: 'cancel',
      tableName: 'client_treatments',
      rowId: voucher.id,
      before: { code: voucher.code, status: voucher.status },
      after: { status: 'cancelled', reason: 'Its invoice was voided.' },
    });
    return;
  }
  const match = /^CM-(\d{1,9})$/.exec(sold.reference);
  if (!match) return;
  const id = Number(match[1]);
  const [membership] = await tx.select().from(clientMemberships).where(eq(clientMemberships.id, id)).for('update');
  if (!membership) return;
  const used = await tx
    .select({ code: clientTreatments.code })
    .from(clientTreatments)
    .where(and(eq(clientTreatments.clientMembershipId, id), gt(clientTreatments.sessionsUsed, 0)))
    .for('update');
  if (used.length)
    throw conflict(
      `Membership CM-${id} has been used (voucher ${used.map((u) => u.code).join(', ')}): its invoice cannot be voided. Issue a credit memo for what is left.`,
    );
  await tx
    .update(clientMemberships)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(clientMemberships.id, id));
  await tx
    .update(clientTreatments)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(clientTreatments.clientMembershipId, id));
  await audit(tx, {
    actorId,
    action: 'cancel',
    tableName: 'client_memberships',
    rowId: id,
    before: { status: membership.status },
    after: { status: 'cancelled', reason: 'Its invoice was voided.' },
  });
};
