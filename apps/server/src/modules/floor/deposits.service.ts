import { eq } from 'drizzle-orm';
import type { PaymentMethod } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { type floorReservations, treatments } from '../../db/schema/index';
import { dayInWords } from '../../lib/notice-text';
import { recordForfeitedDeposit } from '../reports/index';
import { floorClock, slotOf } from './floor-shared.service';

type ReservationRow = typeof floorReservations.$inferSelect;

/**
 * The reservation's deposit becomes `forfeited` (a no-show at a branch that forfeits, or the desk's
 * choice at a cancellation): the money the spa keeps is a sale line of today at the reservation's
 * branch (decision 0900, "A forfeited deposit is takings"), in the caller's transaction.
 */
export const forfeitDeposit = async (tx: Tx, actorId: number, row: ReservationRow) => {
  if (row.depositAmount === null || row.depositMethod === null) return null;
  const [treatment] = await tx
    .select({ name: treatments.name })
    .from(treatments)
    .where(eq(treatments.id, row.treatmentId));
  return recordForfeitedDeposit(tx, actorId, {
    reservationId: row.id,
    locationId: row.locationId,
    clientId: row.clientId,
    date: slotOf(floorClock.now()).date,
    amount: row.depositAmount,
    paymentMethod: row.depositMethod as PaymentMethod,
    bankId: row.depositBankId,
    referenceNo: row.depositReference,
    description: `Forfeited deposit: ${treatment?.name ?? 'treatment'} reservation of ${dayInWords(row.date)}`,
  });
};
