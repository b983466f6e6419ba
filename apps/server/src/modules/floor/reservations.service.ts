import { eq, sql } from 'drizzle-orm';
import type {
  ReservationCreated,
  Reservation,
  ReservationArriveInput,
  ReservationCancelInput,
  ReservationChanges,
  ReservationInput,
} from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { clients, floorBookings, floorReservations } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { badRequest, conflict, fieldError, notFound } from '../../lib/http-error';
import { createdBy, touched } from '../../lib/tracked';
import { dayInWords } from '../../lib/notice-text';
import { depositDocumentBody } from '../../lib/deposit-document';
import { displayName, type AuthUser } from '../../lib/actor';
import { issueDocument, terminalForSale } from '../invoicing/index';
import { createArrival } from '../clients/index';
import { assertDayOpen } from '../sales/index';
import {
  addMinutes,
  assertWithinHours,
  floorClock,
  floorLocation,
  floorToday,
  instantOf,
  lockFloor,
  publishFloor,
  receivedBy,
  slotOf,
  staffMember,
  whenSaid,
  worksAt,
} from './floor-shared.service';
import { assertTherapistFree, book } from './bookings.service';
import { arrivalRoom, pickRoom } from './room-pick.service';
import { assertDesk, pickTherapist, startService, treatmentFor } from './assign.service';
import { alreadySentence, getReservation } from './reservations-read.service';
import { floorSettingsOf, noShowFrom } from './settings.service';
import {
  checkDeposit,
  depositAtArrival,
  depositOf,
  forfeitDeposit,
  markCarried,
  takeDepositCredit,
} from './deposits.service';

type Slot = {
  locationId: number;
  clientId: number;
  treatmentId: number;
  date: string;
  time: string;
  minutes?: number;
  therapistId: number | null;
  roomId: number | null;
};

/** Where and when a reservation sits: its range, its therapist checked, a suitable bed chosen. */
const place = async (tx: Tx, s: Slot) => {
  const treatment = await treatmentFor(tx, s.treatmentId, s.minutes);
  const startsAt = instantOf(s.date, s.time);
  const endsAt = addMinutes(startsAt, treatment.minutes);
  const slot = slotOf(floorClock.now());
  const earliest = instantOf(slot.date, slot.time);
  if (startsAt.getTime() < earliest.getTime()) throw fieldError('time', 'A reservation is for a time still to come.');
  await assertWithinHours(tx, s.locationId, s.time, treatment.minutes);
  if (s.therapistId !== null) {
    await staffMember(tx, s.therapistId, 'therapist', { locationId: s.locationId, kind: 'therapist' });
    await assertTherapistFree(tx, s.therapistId, startsAt, endsAt);
  }
  // The slot names the branch, the client, the treatment and the room asked for as pickRoom's need does.
  const room = await pickRoom(tx, { ...s, startsAt, endsAt });
  return { treatment, startsAt, endsAt, room };
};

/**
 * A booked reservation, locked for a change: the branch's floor lock first, then the row, the one
 * order every floor write takes them in (desks changing one branch at once queue on the first).
 */
const lockedReservation = async (tx: Tx, user: AuthUser, id: number) => {
  // Only its branch is read before the locks (a reservation never changes branch): what is changed
  // is read after them, or a desk queued behind another's move would write back what that one changed.
  const [found] = await tx
    .select({ locationId: floorReservations.locationId })
    .from(floorReservations)
    .where(eq(floorReservations.id, id));
  if (!found || !worksAt(user, found.locationId)) throw notFound('No such reservation.');
  await lockFloor(tx, found.locationId);
  const [row] = await tx.select().from(floorReservations).where(eq(floorReservations.id, id)).for('update');
  if (row!.status !== 'booked') {
    const message = alreadySentence(row!.status);
    throw conflict(message, { status: [message] });
  }
  return { before: await getReservation(tx, user, id), row: row! };
};

const finish = async (tx: Tx, user: AuthUser, id: number, before: Reservation, action: string) => {
  const after = await getReservation(tx, user, id);
  await audit(tx, { actorId: user.id, action, tableName: 'floor_reservations', rowId: id, before, after });
  await publishFloor(tx, after.location, after.date);
  return after;
};

/** Books a client: the therapist's and the bed's time are held in floor_bookings (409 naming whose they are). */
export const createReservation = async (db: Db, user: AuthUser, input: ReservationInput): Promise<ReservationCreated> =>
  db.transaction(async (tx) => {
    assertDesk(user, 'book a reservation');
    await floorLocation(tx, user, input.location);
    // Under the branch's lock, as Assign next: desks booking at once queue here, so every refusal
    // is the pre-check's sentence naming whose time it is. The exclusion constraints stay the rule
    // (and the only guard against a booking of the same therapist at another branch at once).
    await lockFloor(tx, input.location);
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.client));
    if (!client) throw fieldError('client', 'No such client.');
    if (input.deposit && input.deposit_credit !== null)
      throw fieldError('deposit_credit', 'Carry the deposit credit or take a new deposit, not both.');
    if (input.deposit) await checkDeposit(tx, input.deposit, input.treatment);
    // A new deposit gets its acknowledgement receipt from the desk's terminal (issue 33): asked before anything is written.
    const terminalId = input.deposit ? await terminalForSale(tx, input.terminal, input.location) : null;
    // A new deposit is money received today (decision 0520): on today's books, so not once they are approved.
    const receivedOn = input.deposit ? floorToday() : null;
    if (receivedOn) await assertDayOpen(tx, input.location, receivedOn, 'sales', 'deposit');
    const credit = input.deposit_credit;
    const deposit = credit === null ? input.deposit : await takeDepositCredit(tx, { ...input, deposit_credit: credit });
    const { treatment, startsAt, endsAt, room } = await place(tx, {
      locationId: input.location,
      clientId: input.client,
      treatmentId: input.treatment,
      date: input.date,
      time: input.time,
      minutes: input.duration_minutes,
      therapistId: input.therapist,
      roomId: input.room,
    });
    const [row] = await tx
      .insert(floorReservations)
      .values({
        clientId: input.client,
        locationId: input.location,
        date: input.date,
        time: input.time,
        startsAt,
        endsAt,
        durationMinutes: treatment.minutes,
        treatmentId: treatment.id,
        therapistId: input.therapist,
        roomId: room?.roomId ?? null,
        bed: room?.bed ?? null,
        depositMethod: deposit?.payment_method ?? null,
        depositBankId: deposit?.bank ?? null,
        depositAmount: deposit?.amount ?? null,
        depositReference: deposit?.reference_no ?? '',
        depositStatus: deposit ? 'held' : null,
        depositReceivedOn: receivedOn,
        notes: input.notes,
        ...createdBy(user.id),
      })
      .returning({ id: floorReservations.id });
    if (credit !== null) await markCarried(tx, user.id, credit, row!.id);
    if (input.therapist !== null || room)
      await book(tx, {
        locationId: input.location,
        therapistId: input.therapist,
        roomId: room?.roomId ?? null,
        bed: room?.bed ?? null,
        startsAt,
        endsAt,
        reservationId: row!.id,
      });
    const after = await getReservation(tx, user, row!.id);
    const document =
      terminalId !== null && input.deposit
        ? await issueDocument(tx, {
            kind: 'acknowledgement',
            terminalId,
            locationId: input.location,
            businessDate: receivedOn!,
            cashier: { id: user.id, name: displayName(user) },
            clientId: input.client,
            clientName: after.client_name,
            saleReference: `R-${row!.id}`,
            ...depositDocumentBody(`Deposit: ${after.treatment_name}, ${dayInWords(after.date)} ${after.time}`, {
              method: input.deposit.payment_method,
              bankId: input.deposit.bank,
              referenceNo: input.deposit.reference_no,
              amount: input.deposit.amount,
            }),
          })
        : null;
    await audit(tx, { actorId: user.id, action: 'create', tableName: 'floor_reservations', rowId: row!.id, after });
    await publishFloor(tx, input.location, input.date);
    return { ...after, document };
  });

/** Moves a booked reservation (the board's drag): the same conflict rule as booking. */
export const updateReservation = async (db: Db, user: AuthUser, id: number, changes: ReservationChanges) =>
  db.transaction(async (tx) => {
    assertDesk(user, 'change a reservation');
    const { before, row } = await lockedReservation(tx, user, id);
    const moved = { ...before, ...changes };
    // Its own time is given back first, so the move is judged against everyone else's only.
    await tx.delete(floorBookings).where(eq(floorBookings.reservationId, id));
    const { startsAt, endsAt, room, treatment } = await place(tx, {
      locationId: row.locationId,
      clientId: row.clientId,
      treatmentId: row.treatmentId,
      date: moved.date,
      time: moved.time,
      minutes: changes.duration_minutes ?? row.durationMinutes,
      therapistId: moved.therapist,
      // Kept in its room unless moved to another (or to "any").
      roomId: changes.room !== undefined ? changes.room : row.roomId,
    });
    await tx
      .update(floorReservations)
      .set({
        date: moved.date,
        time: moved.time,
        startsAt,
        endsAt,
        durationMinutes: treatment.minutes,
        therapistId: moved.therapist,
        roomId: room?.roomId ?? null,
        bed: room?.bed ?? null,
        notes: moved.notes,
        ...touched(user.id),
      })
      .where(eq(floorReservations.id, id));
    if (moved.therapist !== null || room)
      await book(tx, {
        locationId: row.locationId,
        therapistId: moved.therapist,
        roomId: room?.roomId ?? null,
        bed: room?.bed ?? null,
        startsAt,
        endsAt,
        reservationId: id,
      });
    return finish(tx, user, id, before, 'update');
  });

/**
 * The client came: the arrival is logged through the clients module (voucher, membership, payment as
 * at the desk), the reservation's time becomes the service's (from now, for its duration), the
 * deposit is applied. The therapist serves from the rotation as for Assign next: a named one must be
 * clocked in there and not on a break; "any therapist" takes the next free one in line, who then
 * goes to the back. The reservation is read again under the branch's lock (a move may have come first).
 */
export const arriveReservation = async (
  db: Db,
  user: AuthUser,
  id: number,
  input: ReservationArriveInput,
  idempotencyKey: string | null = null,
) => {
  assertDesk(user, 'log an arrival');
  const before = await getReservation(db, user, id);
  const depositStatus = depositAtArrival(before, input);
  const startsAt = floorClock.now();
  const slot = slotOf(startsAt);
  const chosen = { therapist: before.therapist ?? input.therapist, fromLine: false, booked: before };
  const columns = { roomId: before.room, bed: before.bed, endsAt: addMinutes(startsAt, before.duration_minutes) };
  const body = {
    client: before.client,
    location: before.location,
    date: slot.date,
    time: slot.time,
    // Set in `before` from the line when the reservation said "any" and the desk named no one.
    therapist: chosen.therapist ?? 0,
    second_therapist: null,
    // A reservation that names its therapist was the client's request (pay runs' requested bonus).
    requested: before.therapist !== null,
    receptionist: await receivedBy(db, user, before.location, input.receptionist),
    treatment: before.treatment,
    voucher: input.voucher,
    client_membership: input.client_membership,
    notes: input.notes || before.notes,
    payment: input.payment,
  };
  await createArrival(db, user, body, idempotencyKey, {
    // A retry is the same request when the desk sent the same body: what the server derives from the
    // reservation (the therapist the line gave, the slot of now) changes once the first one is in.
    idempotency: { route: `POST /floor/reservations/${id}/arrive/`, body: input },
    columns,
    // Paid at the desk: the deposit is its own sale line and the desk collects the balance (decision 0411).
    // On a voucher or a membership nothing is paid: the desk said whether the deposit was handed back
    // or is kept as the client's credit (decision 0900).
    deposit: depositStatus === 'applied' && before.deposit ? depositOf(before.deposit) : undefined,
    before: async (tx) => {
      const booked = (await lockedReservation(tx, user, id)).before;
      if (booked.date !== slot.date) {
        // Another day's booking (a tap on tomorrow's board) would log today's visit and sale against it.
        const message = `This booking is for ${dayInWords(booked.date)}, not today: move it to today first.`;
        throw conflict(message, { date: [message] });
      }
      const endsAt = addMinutes(startsAt, booked.duration_minutes);
      const named = booked.therapist ?? input.therapist;
      const person = await pickTherapist(tx, booked.location, named, startsAt, endsAt);
      Object.assign(chosen, { therapist: person.id, fromLine: named === null, booked });
      Object.assign(body, { therapist: person.id, requested: booked.therapist !== null });
      // Its own time is given back first, so the service is judged against everyone else's only.
      await tx.delete(floorBookings).where(eq(floorBookings.reservationId, id));
      const room = await arrivalRoom(tx, booked, startsAt, endsAt);
      Object.assign(columns, { roomId: room?.roomId ?? null, bed: room?.bed ?? null, endsAt });
    },
    after: async (tx, arrival) => {
      await startService(tx, user, {
        locationId: before.location,
        therapistId: chosen.therapist!,
        roomId: columns.roomId,
        bed: columns.bed,
        startsAt,
        endsAt: columns.endsAt,
        reservationId: id,
        arrivalId: arrival.id,
        requested: !chosen.fromLine,
      });
      await tx
        .update(floorReservations)
        .set({
          status: 'arrived',
          arrivalId: arrival.id,
          therapistId: chosen.therapist,
          roomId: columns.roomId,
          bed: columns.bed,
          depositStatus,
          // What the deposit held beyond the visit's net price (after the desk's discount) was not
          // taken by its sale line: it is handed back, and on record here (decision 0411).
          depositRefunded: arrival.deposit_sale
            ? sql`nullif(${floorReservations.depositAmount} - ${arrival.deposit_sale.amount}::numeric, 0)`
            : null,
          closedAt: startsAt,
          ...touched(user.id),
        })
        .where(eq(floorReservations.id, id));
      await audit(tx, {
        actorId: user.id,
        action: 'arrive',
        tableName: 'floor_reservations',
        rowId: id,
        before: chosen.booked,
        after: await getReservation(tx, user, id),
      });
      await publishFloor(tx, before.location, before.date);
    },
  });
  return getReservation(db, user, id);
};

/** After the branch's grace period, a booked client who did not come: the deposit is forfeited or credited as the branch says. */
export const noShowReservation = async (db: Db, user: AuthUser, id: number) =>
  db.transaction(async (tx) => {
    assertDesk(user, 'mark a no-show');
    const { before, row } = await lockedReservation(tx, user, id);
    const settings = await floorSettingsOf(tx, row.locationId);
    const now = floorClock.now();
    const graceEnds = noShowFrom(row.startsAt, settings);
    if (now.getTime() < graceEnds.getTime()) {
      const message = `The grace period ends ${whenSaid(graceEnds, now)}; the client may still come.`;
      throw conflict(message, { status: [message] });
    }
    await tx.delete(floorBookings).where(eq(floorBookings.reservationId, id));
    const depositStatus =
      row.depositAmount === null ? null : settings.no_show_deposit === 'credit' ? 'credited' : 'forfeited';
    // The kept deposit reaches the day's takings in this same transaction (decision 0900).
    if (depositStatus === 'forfeited') await forfeitDeposit(tx, user.id, row);
    await tx
      .update(floorReservations)
      .set({
        status: 'no_show',
        depositStatus,
        closedAt: now,
        ...touched(user.id),
      })
      .where(eq(floorReservations.id, id));
    return finish(tx, user, id, before, 'no_show');
  });

/** Cancelled with who and why; a held deposit is refunded unless the desk says credited or forfeited. */
export const cancelReservation = async (db: Db, user: AuthUser, id: number, input: ReservationCancelInput) =>
  db.transaction(async (tx) => {
    assertDesk(user, 'cancel a reservation');
    const { before, row } = await lockedReservation(tx, user, id);
    if (input.reason.trim() === '') throw badRequest('Say why.', { reason: ['Say why.'] });
    await tx.delete(floorBookings).where(eq(floorBookings.reservationId, id));
    if (row.depositAmount !== null && input.deposit === 'forfeited') await forfeitDeposit(tx, user.id, row);
    await tx
      .update(floorReservations)
      .set({
        status: 'cancelled',
        depositStatus: row.depositAmount === null ? null : input.deposit,
        cancelledBy: user.id,
        cancelReason: input.reason,
        closedAt: floorClock.now(),
        ...touched(user.id),
      })
      .where(eq(floorReservations.id, id));
    return finish(tx, user, id, before, 'cancel');
  });
