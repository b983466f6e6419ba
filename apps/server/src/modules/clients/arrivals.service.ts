import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  todayInManila,
  type ClientArrival,
  type ClientArrivalChanges,
  type ClientArrivalInput,
  type ClientArrivalQuery,
  type Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx, SelectRow } from '../../db/client';
import {
  clientArrivals,
  clientMemberships,
  clientTreatments,
  employees,
  locations,
  memberships,
  treatments,
} from '../../db/schema/index';
import { audit } from '../../db/audit';
import { assertDateAllowed, authorizeSale, backdatedNote, openTab, toSale } from '../sales/index';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { listPage, totalRows } from '../../lib/list';
import { notify } from '../notifications/index';
import { publish } from '../../plugins/bus';
import { earningsChanged } from '../payroll/index';
import { createdBy, touched } from '../../lib/tracked';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { dayInWords } from '../../lib/notice-text';
import { activityScope, dateRange, owner } from './client-memberships.service';
import { idempotent } from '../../db/idempotency';
import { assertWritable } from './scope';
import {
  assertNoWalkInSale,
  chargeWalkIn,
  depositSale,
  depositSaleJoin,
  linkWalkIn,
  walkInSale,
  walkInSaleJoin,
  type AppliedDeposit,
} from './walk-in.service';
import { checkMembershipVisit, staffAt } from './arrival-checks.service';
import type { AuthUser } from '../../lib/actor';

/** What the floor board (issue 22) adds to an arrival it logs, without this module knowing the floor. */
export type ArrivalExtras = {
  /** The Idempotency-Key's route and what it was sent (not the arrival derived from it), for another route. */
  idempotency?: { route: string; body: unknown };
  /** Where and until when the service runs. */
  columns?: { roomId: number | null; bed: number | null; endsAt: Date | null };
  /** First in the transaction (the floor takes its branch's lock before any row of the arrival's). */
  before?: (tx: Tx) => Promise<void>;
  /** Once the arrival is written, in its transaction (the floor writes its booking). */
  after?: (tx: Tx, arrival: ClientArrival) => Promise<void>;
  /** The reservation's deposit the desk payment's price is partly paid by (its own sale line, decision 0411). */
  deposit?: AppliedDeposit;
};

export const therapist = alias(employees, 'therapist');
const secondTherapist = alias(employees, 'second_therapist');
const receptionist = alias(employees, 'receptionist');

const columns = {
  id: clientArrivals.id,
  clientId: clientArrivals.clientId,
  clientName: sql<string>`${owner.firstName} || ' ' || ${owner.lastName}`,
  locationId: clientArrivals.locationId,
  locationName: locations.name,
  date: clientArrivals.date,
  time: clientArrivals.time,
  therapistId: clientArrivals.therapistId,
  therapistName: sql<string>`${therapist.firstName} || ' ' || ${therapist.lastName}`,
  secondTherapistId: clientArrivals.secondTherapistId,
  secondTherapistName: sql<string | null>`${secondTherapist.firstName} || ' ' || ${secondTherapist.lastName}`,
  requested: clientArrivals.requested,
  receptionistId: clientArrivals.receptionistId,
  receptionistName: sql<string | null>`${receptionist.firstName} || ' ' || ${receptionist.lastName}`,
  treatmentId: clientArrivals.treatmentId,
  treatmentName: treatments.name,
  voucherId: clientArrivals.voucherId,
  voucherCode: clientTreatments.code,
  clientMembershipId: clientArrivals.clientMembershipId,
  notes: clientArrivals.notes,
  status: clientArrivals.status,
  sale: walkInSale,
  depositSale,
  createdAt: clientArrivals.createdAt,
  updatedAt: clientArrivals.updatedAt,
};

/** The arrivals with their names joined; `extra` adds columns (a list's `total`). */
const selectArrivals = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(clientArrivals)
    .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
    .innerJoin(locations, eq(locations.id, clientArrivals.locationId))
    .innerJoin(therapist, eq(therapist.id, clientArrivals.therapistId))
    .leftJoin(secondTherapist, eq(secondTherapist.id, clientArrivals.secondTherapistId))
    .leftJoin(receptionist, eq(receptionist.id, clientArrivals.receptionistId))
    .leftJoin(treatments, eq(treatments.id, clientArrivals.treatmentId))
    .leftJoin(clientTreatments, eq(clientTreatments.id, clientArrivals.voucherId))
    .leftJoin(walkInSale, walkInSaleJoin)
    .leftJoin(depositSale, depositSaleJoin);

type Row = SelectRow<typeof selectArrivals<Record<never, never>>>;

export const toArrival = (r: Row): ClientArrival => ({
  ...toSnake(r, {
    clientId: 'client',
    locationId: 'location',
    therapistId: 'therapist',
    secondTherapistId: 'second_therapist',
    receptionistId: 'receptionist',
    treatmentId: 'treatment',
    voucherId: 'voucher',
    clientMembershipId: 'client_membership',
  }),
  status: r.status as ClientArrival['status'],
  sale: r.sale ? toSale(r.sale) : null,
  deposit_sale: r.depositSale ? toSale(r.depositSale) : null,
  ...isoStamps(r),
});

export const listArrivals = async (
  db: Db,
  user: AuthUser,
  query: ClientArrivalQuery,
  url: string,
): Promise<Page<ClientArrival>> => {
  const where = and(
    activityScope(user, clientArrivals.locationId, query.client),
    query.client ? eq(clientArrivals.clientId, query.client) : undefined,
    query.location ? eq(clientArrivals.locationId, query.location) : undefined,
    query.therapist ? eq(clientArrivals.therapistId, query.therapist) : undefined,
    query.status ? eq(clientArrivals.status, query.status) : undefined,
    ...dateRange(clientArrivals.date, query),
  );
  return listPage(url, query, {
    select: () => selectArrivals(db, { total: totalRows }).$dynamic(),
    where,
    orderBy: { date: clientArrivals.date, time: clientArrivals.time, id: clientArrivals.id },
    defaultOrder: [desc(clientArrivals.date), desc(clientArrivals.time)],
    tieBreaker: clientArrivals.id,
    toItem: toArrival,
  });
};

export const getArrival = async (db: DbOrTx, user: AuthUser, id: number): Promise<ClientArrival> => {
  const [row] = await selectArrivals(db).where(eq(clientArrivals.id, id));
  if (!row) throw notFound('No such arrival.');
  return toArrival(row);
};

/**
 * Redeems one session of the voucher: locks its row (select … for update) and checks it belongs to
 * the client, covers the treatment and is usable on the day, so parallel arrivals can never use
 * more than it holds (the rest get 409). Answers the treatment and membership the visit is under.
 */
const redeemVoucher = async (
  tx: Tx,
  user: AuthUser,
  clientId: number,
  input: Pick<ClientArrivalInput, 'voucher' | 'treatment' | 'client_membership'> & { voucher: number },
  date: string,
) => {
  const [voucher] = await tx
    .select()
    .from(clientTreatments)
    .where(eq(clientTreatments.id, input.voucher))
    .for('update');
  if (!voucher) throw fieldError('voucher', 'No such voucher.');
  if (voucher.clientId !== clientId) throw fieldError('voucher', `Voucher ${voucher.code} belongs to another client.`);
  if (voucher.status === 'cancelled') throw fieldError('voucher', `Voucher ${voucher.code} was cancelled.`);
  if (voucher.expiresOn !== null && voucher.expiresOn < date)
    throw fieldError('voucher', `Voucher ${voucher.code} expired on ${voucher.expiresOn}.`);
  if (input.treatment !== null && input.treatment !== voucher.treatmentId) {
    const [covered] = await tx
      .select({ name: treatments.name })
      .from(treatments)
      .where(eq(treatments.id, voucher.treatmentId));
    throw fieldError(
      'treatment',
      `Voucher ${voucher.code} covers ${covered?.name ?? 'another treatment'}, not this one.`,
    );
  }
  let clientMembershipId = input.client_membership;
  if (voucher.clientMembershipId !== null) {
    if (clientMembershipId !== null && clientMembershipId !== voucher.clientMembershipId)
      throw fieldError('client_membership', `Voucher ${voucher.code} belongs to another membership.`);
    const [membership] = await tx
      .select()
      .from(clientMemberships)
      .where(eq(clientMemberships.id, voucher.clientMembershipId));
    if (!membership || membership.status !== 'active' || membership.endDate < date || membership.startDate > date) {
      throw fieldError(
        'voucher',
        `The membership voucher ${voucher.code} belongs to is not active on ${dayInWords(date)}.`,
      );
    }
    clientMembershipId = voucher.clientMembershipId;
  }
  if (voucher.sessionsUsed >= voucher.sessionsTotal) {
    const message = `Voucher ${voucher.code} is used up (${voucher.sessionsUsed} of ${voucher.sessionsTotal} sessions).`;
    throw conflict(message, { voucher: [message] });
  }
  await tx
    .update(clientTreatments)
    .set({ sessionsUsed: sql`${clientTreatments.sessionsUsed} + 1`, ...touched(user.id) })
    .where(eq(clientTreatments.id, voucher.id));
  return { treatmentId: voucher.treatmentId, clientMembershipId };
};

/** The day the voucher or membership an arrival uses was sold, for the dating rule (unknown ids are refused later). */
const soldOf = async (tx: Tx, input: Pick<ClientArrivalInput, 'voucher' | 'client_membership'>) => {
  if (input.voucher !== null) {
    const [voucher] = await tx
      .select({ code: clientTreatments.code, soldOn: clientTreatments.soldOn })
      .from(clientTreatments)
      .where(eq(clientTreatments.id, input.voucher));
    return voucher ? { on: voucher.soldOn, label: `voucher ${voucher.code}` } : undefined;
  }
  if (input.client_membership === null) return undefined;
  const [membership] = await tx
    .select({ name: memberships.name, soldOn: clientMemberships.soldOn })
    .from(clientMemberships)
    .innerJoin(memberships, eq(memberships.id, clientMemberships.membershipId))
    .where(eq(clientMemberships.id, input.client_membership));
  return membership ? { on: membership.soldOn, label: `the ${membership.name} membership` } : undefined;
};

/**
 * Logs a visit, for a client of any home location (decision 0410), at a location the caller works
 * at. A voucher's session is used in the same transaction; a walk-in paid at the desk (`payment`)
 * writes its sale line in it too. An Idempotency-Key makes it once, as for every sale
 * (lib/idempotency.ts; decision 0411). The
 * therapist is notified (live) in the same transaction, and open arrival lists are told to reload.
 */
export const createArrival = async (
  db: Db,
  user: AuthUser,
  input: ClientArrivalInput,
  idempotencyKey: string | null = null,
  extras: ArrivalExtras = {},
): Promise<ClientArrival> =>
  idempotent(
    db,
    {
      userId: user.id,
      key: idempotencyKey,
      ...(extras.idempotency ?? { route: 'POST /clients/arrivals/', body: input }),
    },
    (tx) => authorizeSale(tx, user, input),
    // Authorised once, above (it runs before a stored answer is replayed too): the rest uses its answer.
    async (tx, sold) => {
      await extras.before?.(tx);
      const { client, location } = sold;
      if (!location.isActive) throw fieldError('location', `${location.name} is closed (inactive).`);
      const date = input.date ?? todayInManila();
      const dated = await assertDateAllowed(tx, user, {
        locationId: input.location,
        date,
        what: 'arrival',
        sold: await soldOf(tx, input),
      });
      const therapistRow = await staffAt(tx, input.therapist, 'therapist', input.location, location.name);
      if (input.second_therapist !== null) {
        // A tandem service: two therapists share the commission equally (docs/decisions/0800-pay-runs.md).
        if (input.second_therapist === input.therapist)
          throw fieldError('second_therapist', 'Choose a different therapist for the second pair of hands.');
        await staffAt(tx, input.second_therapist, 'therapist', input.location, location.name, 'second_therapist');
      }
      if (input.receptionist !== null)
        await staffAt(tx, input.receptionist, 'receptionist', input.location, location.name);
      let treatmentId = input.treatment;
      let clientMembershipId = input.client_membership;
      if (input.voucher !== null) {
        ({ treatmentId, clientMembershipId } = await redeemVoucher(
          tx,
          user,
          client.id,
          { ...input, voucher: input.voucher },
          date,
        ));
      } else if (clientMembershipId !== null) {
        await checkMembershipVisit(tx, client.id, clientMembershipId, treatmentId, date);
      }
      if (treatmentId !== null && input.voucher === null) {
        const [treatment] = await tx
          .select({ id: treatments.id })
          .from(treatments)
          .where(eq(treatments.id, treatmentId));
        if (!treatment) throw fieldError('treatment', 'No such treatment.');
      }
      const sale = input.payment
        ? await chargeWalkIn(tx, user, sold, { ...input, payment: input.payment, date, deposit: extras.deposit })
        : null;

      const [row] = await tx
        .insert(clientArrivals)
        .values({
          clientId: client.id,
          locationId: input.location,
          date,
          time: input.time,
          therapistId: input.therapist,
          secondTherapistId: input.second_therapist,
          requested: input.requested,
          receptionistId: input.receptionist,
          treatmentId,
          voucherId: input.voucher,
          clientMembershipId,
          notes: input.notes,
          ...extras.columns,
          ...createdBy(user.id),
        })
        .returning({ id: clientArrivals.id });
      if (sale) await linkWalkIn(tx, user, sale, row!.id);
      // A visit today without a payment is an open tab, paid at checkout after the service
      // (decision 0510): its held reservation deposit waits on the tab, applied first there.
      else if (date === todayInManila())
        await openTab(tx, { id: row!.id, locationId: input.location, date, deposit: extras.deposit });
      const arrival = await getArrival(tx, user, row!.id);
      await extras.after?.(tx, arrival);
      await audit(tx, {
        actorId: user.id,
        action: 'create',
        tableName: 'client_arrivals',
        rowId: row!.id,
        after: { ...arrival, ...backdatedNote(dated) },
      });
      // Open arrival tiles and lists revalidate when this commits (hub → `arrivals_changed`).
      await publish(tx, { t: 'arrivals', location: input.location, date });
      // The therapists' "Earned this cutoff" moves (a walk-in's salesperson hears of it from the sale).
      await earningsChanged(tx, [input.therapist, input.second_therapist], date);
      if (therapistRow.userId !== null) {
        await notify(tx, {
          recipients: [therapistRow.userId],
          actorId: user.id,
          type: 'client_arrival',
          title: `${client.full_name} has arrived`,
          message: `${client.full_name} arrived at ${location.name} for ${arrival.treatment_name ?? 'a visit'} at ${arrival.time}${date === todayInManila() ? '' : ` on ${dayInWords(date)}`}${arrival.voucher_code ? ` (voucher ${arrival.voucher_code})` : ''}.`,
          link: `/clients/${client.id}`,
          data: { client: client.id, arrival: arrival.id },
        });
      }
      return arrival;
    },
  );

/** Cancelling gives a redeemed session back, exactly once (the row lock and the status make a second cancel a 409). */
export const updateArrival = async (
  db: Db,
  user: AuthUser,
  id: number,
  changes: ClientArrivalChanges,
): Promise<ClientArrival> =>
  db.transaction(async (tx) => {
    const [locked] = await tx.select().from(clientArrivals).where(eq(clientArrivals.id, id)).for('update');
    const before = await getArrival(tx, user, id);
    assertWritable(user, before.location, before.location_name);
    // Its day stays as it was; changing it is still bound by the cutoff and the day's lock (decision 0710).
    const dated = await assertDateAllowed(tx, user, {
      locationId: before.location,
      date: before.date,
      what: 'arrival',
      changing: true,
    });
    if (changes.status === 'cancelled') {
      if (locked!.status === 'cancelled')
        throw conflict('This arrival is already cancelled.', { status: ['This arrival is already cancelled.'] });
      await assertNoWalkInSale(tx, before);
      if (locked!.voucherId !== null) {
        await tx
          .update(clientTreatments)
          .set({ sessionsUsed: sql`${clientTreatments.sessionsUsed} - 1`, ...touched(user.id) })
          .where(and(eq(clientTreatments.id, locked!.voucherId), sql`${clientTreatments.sessionsUsed} > 0`));
      }
    }
    await tx
      .update(clientArrivals)
      .set({ status: changes.status, notes: changes.notes, ...touched(user.id) })
      .where(eq(clientArrivals.id, id));
    await publish(tx, { t: 'arrivals', location: before.location, date: before.date });
    if (changes.status === 'cancelled')
      await earningsChanged(tx, [before.therapist, before.second_therapist], before.date);
    const after = await getArrival(tx, user, id);
    await audit(tx, {
      actorId: user.id,
      action: changes.status === 'cancelled' ? 'cancel' : 'update',
      tableName: 'client_arrivals',
      rowId: id,
      before,
      after: { ...after, ...backdatedNote(dated) },
    });
    return after;
  });
