import { and, desc, eq } from 'drizzle-orm';
import type { DepositCredit, DepositCreditQuery, PaymentMethod, ReservationInput } from '@ginhawa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { floorReservations, treatments } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, fieldError } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';
import { toSnake } from '../../lib/casing';
import { touched } from '../../lib/tracked';
import type { AuthUser } from '../../lib/actor';
import { recordForfeitedDeposit } from '../reports/index';
import { floorLocation, floorToday } from './floor-shared.service';

type Deposit = NonNullable<ReservationInput['deposit']>;

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
    date: floorToday(),
    amount: row.depositAmount,
    paymentMethod: row.depositMethod as PaymentMethod,
    bankId: row.depositBankId,
    referenceNo: row.depositReference,
    description: `Forfeited deposit: ${treatment?.name ?? 'treatment'} reservation of ${dayInWords(row.date)}`,
  });
};

/** A client's credited deposits at a branch, newest first: what the booking dialog offers to carry. */
export const depositCredits = async (db: DbOrTx, user: AuthUser, q: DepositCreditQuery): Promise<DepositCredit[]> => {
  await floorLocation(db, user, q.location);
  const rows = await db
    .select({
      reservation: floorReservations.id,
      date: floorReservations.date,
      status: floorReservations.status,
      treatmentName: treatments.name,
      paymentMethod: floorReservations.depositMethod,
      bank: floorReservations.depositBankId,
      amount: floorReservations.depositAmount,
      referenceNo: floorReservations.depositReference,
    })
    .from(floorReservations)
    .innerJoin(treatments, eq(treatments.id, floorReservations.treatmentId))
    .where(
      and(
        eq(floorReservations.clientId, q.client),
        eq(floorReservations.locationId, q.location),
        eq(floorReservations.depositStatus, 'credited'),
      ),
    )
    .orderBy(desc(floorReservations.date), desc(floorReservations.id));
  return rows.map((r) => ({
    ...toSnake(r),
    status: r.status as DepositCredit['status'],
    payment_method: r.paymentMethod!,
    amount: r.amount!,
  }));
};

type Booking = Pick<ReservationInput, 'client' | 'location'> & { deposit_credit: number };

/**
 * The credited deposit a new booking carries (decision 0900, "A credited deposit is used once"):
 * its reservation is locked for the rest of the booking's transaction (after the branch's floor
 * lock, the order every floor write takes), so two desks carrying one credit at once cannot both
 * see it `credited`: the second gets a 409 naming the booking that took it.
 */
export const takeDepositCredit = async (tx: Tx, input: Booking): Promise<Deposit> => {
  const [row] = await tx
    .select()
    .from(floorReservations)
    .where(eq(floorReservations.id, input.deposit_credit))
    .for('update');
  if (!row || row.clientId !== input.client || row.locationId !== input.location || row.depositAmount === null)
    throw fieldError('deposit_credit', 'No such deposit credit for this client at this branch.');
  if (row.depositStatus !== 'credited') {
    const message =
      row.depositStatus === 'carried'
        ? `This deposit credit was already used, on reservation #${row.depositCarriedTo}.`
        : `This reservation's deposit is ${row.depositStatus}, not a credit.`;
    throw conflict(message, { deposit_credit: [message] });
  }
  return {
    payment_method: row.depositMethod as PaymentMethod,
    bank: row.depositBankId,
    amount: row.depositAmount,
    reference_no: row.depositReference,
  };
};

/** The credit is spent: its reservation's deposit is `carried` to the new one, audited. */
export const markCarried = async (tx: Tx, actorId: number, creditId: number, reservationId: number) => {
  await tx
    .update(floorReservations)
    .set({ depositStatus: 'carried', depositCarriedTo: reservationId, ...touched(actorId) })
    .where(eq(floorReservations.id, creditId));
  await audit(tx, {
    actorId,
    action: 'carry_deposit',
    tableName: 'floor_reservations',
    rowId: creditId,
    before: { deposit_status: 'credited' },
    after: { deposit_status: 'carried', deposit_carried_to: reservationId },
  });
};
