import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BANKED_PAYMENT_METHODS,
  type DepositCredit,
  type DepositCreditQuery,
  type DepositStatus,
  type PaymentMethod,
  type Reservation,
  type ReservationArriveInput,
  type ReservationInput,
} from '@ginhawa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { banks, floorReservations, locations, treatments } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, fieldError } from '../../lib/http-error';
import { dayInWords, pesos } from '../../lib/notice-text';
import { toSnake } from '../../lib/casing';
import { touched } from '../../lib/tracked';
import type { AuthUser } from '../../lib/actor';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import type { AppliedDeposit } from '../clients/index';
import { recordForfeitedDeposit } from '../sales/index';
import { floorLocation, floorToday } from './floor-shared.service';

type Deposit = NonNullable<ReservationInput['deposit']>;

/**
 * GCash, Maya and bank deposits carry their reference; card and transfer name the account they
 * reached. A deposit is at most the treatment's price: more is a slip of the keyboard (₱30,000 for
 * ₱300) that would sit on the books as money held against a visit it could never pay for.
 */
export const checkDeposit = async (tx: Tx, deposit: Deposit, treatmentId: number) => {
  if (deposit.payment_method !== 'cash' && deposit.reference_no === '')
    throw fieldError('deposit', 'Enter the deposit’s reference (the GCash, Maya or bank reference number).');
  if (BANKED_PAYMENT_METHODS.includes(deposit.payment_method)) {
    if (deposit.bank === null) throw fieldError('deposit', 'Choose the bank account the deposit went to.');
    const [bank] = await tx.select({ isActive: banks.isActive }).from(banks).where(eq(banks.id, deposit.bank));
    if (!bank?.isActive) throw fieldError('deposit', 'No such bank account (or it is inactive).');
  }
  const [treatment] = await tx
    .select({
      name: treatments.name,
      over: sql<boolean>`${deposit.amount}::numeric > ${treatments.price}`,
      price: treatments.price,
    })
    .from(treatments)
    .where(eq(treatments.id, treatmentId));
  // No such treatment: the booking's own check names it.
  if (treatment?.over)
    throw fieldError(
      'deposit',
      `A deposit is at most the treatment’s price: ${pesos(treatment.price)} for ${treatment.name}.`,
    );
};

export const depositOf = (deposit: NonNullable<Reservation['deposit']>): AppliedDeposit => ({
  payment_method: deposit.payment_method as AppliedDeposit['payment_method'],
  bank: deposit.bank,
  reference_no: deposit.reference_no,
  amount: deposit.amount,
});

/**
 * What the arrival makes of a held deposit (decision 0900): a visit paid at the desk uses it toward
 * its price (`applied`, its own sale line); a visit on a voucher or a membership has nothing to pay,
 * so the desk says whether the money was handed back or is kept as the client's credit.
 */
export const depositAtArrival = (booked: Reservation, input: ReservationArriveInput): DepositStatus | null => {
  const held = booked.deposit?.status === 'held' ? booked.deposit : null;
  const prepaid = input.voucher !== null || input.client_membership !== null;
  if (!held || !prepaid) {
    if (input.deposit !== null)
      throw fieldError(
        'deposit',
        held
          ? 'A visit paid at the desk uses the deposit toward its price; leave the deposit’s choice out.'
          : 'This booking holds no deposit.',
      );
    return held ? 'applied' : null;
  }
  if (input.deposit === null)
    throw fieldError(
      'deposit',
      `Say what becomes of the ${pesos(held.amount)} deposit: handed back to the client, or kept as their credit.`,
    );
  return input.deposit;
};

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

/**
 * A client's credited deposits at a branch, newest first: what the booking dialog offers to carry.
 * Without a branch, those at every branch the caller works at (an Admin's: all): the client's summary.
 */
export const depositCredits = async (db: DbOrTx, user: AuthUser, q: DepositCreditQuery): Promise<DepositCredit[]> => {
  if (q.location !== undefined) await floorLocation(db, user, q.location);
  const rows = await db
    .select({
      reservation: floorReservations.id,
      date: floorReservations.date,
      status: floorReservations.status,
      treatmentName: treatments.name,
      locationName: locations.name,
      paymentMethod: floorReservations.depositMethod,
      bank: floorReservations.depositBankId,
      amount: floorReservations.depositAmount,
      referenceNo: floorReservations.depositReference,
    })
    .from(floorReservations)
    .innerJoin(treatments, eq(treatments.id, floorReservations.treatmentId))
    .innerJoin(locations, eq(locations.id, floorReservations.locationId))
    .where(
      and(
        eq(floorReservations.clientId, q.client),
        q.location !== undefined
          ? eq(floorReservations.locationId, q.location)
          : scopeWhere(workplaceScope(user), floorReservations.locationId),
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
