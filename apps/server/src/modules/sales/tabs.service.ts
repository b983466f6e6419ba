import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MANAGER_GROUP, type PaymentMethod, type Tab, type TabListParams } from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { clientArrivals, clients, clientTreatments, employees, rooms, tabs, treatments } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { hasAnyGroup, type AuthUser } from '../../lib/actor';
import { iso } from '../../lib/iso';
import { EVERYWHERE, inScope, scopeWhere, workplaceScope } from '../../lib/scope';
import { publish } from '../../plugins/bus';
import { locationOf } from './day-lock.service';

/**
 * Tabs (issue 32, docs/decisions/0510-tabs.md): a visit logged today without a payment is an open
 * bill until checkout (checkout.service.ts) or until a Manager closes it as unpaid with a reason.
 */

/** Who works the till: the front desk (receptionists, salespeople), Managers; Admins everywhere. A therapist does not. */
export const TILL_GROUPS = [MANAGER_GROUP, 'Receptionist', 'Salesperson'] as const;

/** A held reservation deposit the visit applies at checkout (as the floor hands it to createArrival). */
export type TabDeposit = { amount: string; payment_method: PaymentMethod; bank: number | null; reference_no: string };

/** Opens the visit's tab, in the transaction that logs the visit (clients' createArrival). */
export const openTab = async (
  tx: Tx,
  arrival: { id: number; locationId: number; date: string; deposit?: TabDeposit },
) => {
  await tx.insert(tabs).values({
    arrivalId: arrival.id,
    locationId: arrival.locationId,
    date: arrival.date,
    depositAmount: arrival.deposit?.amount ?? null,
    depositMethod: arrival.deposit?.payment_method ?? null,
    depositBankId: arrival.deposit?.bank ?? null,
    depositReference: arrival.deposit?.reference_no ?? '',
  });
};

/**
 * 403 unless the caller works the till at this location (the desk's roles there, its Managers,
 * Admins): first where (a branch the caller does not work at), then who (a therapist there).
 */
export const assertTill = async (db: DbOrTx, user: AuthUser, locationId: number, what: string) => {
  if (!inScope(workplaceScope(user), locationId)) {
    const location = await locationOf(db, locationId);
    throw forbidden(`You do not work at ${location?.name ?? 'this location'}, so you cannot ${what} there.`);
  }
  if (!hasAnyGroup(user, TILL_GROUPS)) throw forbidden(`Only the front desk or a Manager may ${what}.`);
};

const second = alias(employees, 'second_therapist');
const first = alias(employees, 'first_therapist');
const voucher = alias(clientTreatments, 'tab_voucher');

/** The service's price so far: nothing on a voucher or membership visit, else the treatment's catalogue price. */
const serviceAmount = sql<string>`(case when ${clientArrivals.voucherId} is not null or ${clientArrivals.clientMembershipId} is not null
  then 0 else coalesce(${treatments.price}, 0) end)::numeric(12,2)::text`;

const selectTabs = (db: DbOrTx) =>
  db
    .select({
      arrival: tabs.arrivalId,
      client: clientArrivals.clientId,
      clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      location: tabs.locationId,
      date: tabs.date,
      time: clientArrivals.time,
      since: tabs.openedAt,
      endsAt: clientArrivals.endsAt,
      finished: sql<boolean>`${clientArrivals.endsAt} is not null and ${clientArrivals.endsAt} <= now()`,
      therapist: clientArrivals.therapistId,
      therapistName: sql<string>`${first.firstName} || ' ' || ${first.lastName}`,
      secondTherapist: clientArrivals.secondTherapistId,
      secondTherapistName: sql<string | null>`${second.firstName} || ' ' || ${second.lastName}`,
      room: clientArrivals.roomId,
      roomName: rooms.name,
      treatment: sql<number | null>`coalesce(${clientArrivals.treatmentId}, ${voucher.treatmentId})`,
      treatmentName: treatments.name,
      voucher: clientArrivals.voucherId,
      clientMembership: clientArrivals.clientMembershipId,
      amount: serviceAmount,
      deposit: sql<string>`coalesce(${tabs.depositAmount}, 0)::numeric(12,2)::text`,
    })
    .from(tabs)
    .innerJoin(clientArrivals, eq(clientArrivals.id, tabs.arrivalId))
    .innerJoin(clients, eq(clients.id, clientArrivals.clientId))
    .innerJoin(first, eq(first.id, clientArrivals.therapistId))
    .leftJoin(second, eq(second.id, clientArrivals.secondTherapistId))
    .leftJoin(voucher, eq(voucher.id, clientArrivals.voucherId))
    .leftJoin(treatments, eq(treatments.id, sql`coalesce(${clientArrivals.treatmentId}, ${voucher.treatmentId})`))
    .leftJoin(rooms, eq(rooms.id, clientArrivals.roomId));

type TabRow = Awaited<ReturnType<typeof selectTabs>>[number];

const toTab = (r: TabRow): Tab => ({
  arrival: r.arrival,
  client: r.client,
  client_name: r.clientName,
  location: r.location,
  date: r.date,
  time: r.time,
  since: iso(r.since),
  status: r.finished ? 'finished' : 'in_service',
  therapists: [
    { employee: r.therapist, name: r.therapistName },
    ...(r.secondTherapist !== null ? [{ employee: r.secondTherapist, name: r.secondTherapistName ?? '' }] : []),
  ],
  room: r.room,
  room_name: r.roomName,
  treatment: r.treatment,
  treatment_name: r.treatmentName,
  voucher: r.voucher,
  client_membership: r.clientMembership,
  amount: r.amount,
  deposit: r.deposit,
});

/** Open tabs of a branch (or of every branch the caller works at), oldest first. */
export const listTabs = async (db: Db, user: AuthUser, query: TabListParams): Promise<Tab[]> => {
  if (query.location !== undefined) await assertTill(db, user, query.location, 'see the open tabs');
  else if (!hasAnyGroup(user, TILL_GROUPS)) throw forbidden('Only the front desk or a Manager may see the open tabs.');
  const scope = query.location !== undefined ? EVERYWHERE : workplaceScope(user);
  const rows = await selectTabs(db)
    .where(
      and(
        eq(tabs.status, 'open'),
        sql`${clientArrivals.status} <> 'cancelled'`,
        query.location !== undefined ? eq(tabs.locationId, query.location) : undefined,
        scopeWhere(scope, tabs.locationId),
      ),
    )
    .orderBy(tabs.openedAt, tabs.arrivalId);
  return rows.map(toTab);
};

/** One tab, whatever its status (checkout reads it under its row lock). */
export const getTab = async (db: DbOrTx, arrivalId: number) => {
  const [row] = await selectTabs(db).where(eq(tabs.arrivalId, arrivalId));
  return row ? toTab(row) : undefined;
};

/**
 * Locks the tab's row to close it (checkout, or unpaid): a second closing of it waits, then finds it
 * closed. The branch's open screens are told once this transaction commits (the floor's own
 * `floor_changed`, which reads the board and every open-tabs list again; decision 0916): a checkout
 * with no sale (a voucher visit, tips only) or an unpaid mark moves no leaderboard, so
 * `leaderboard_changed` alone would leave the other desks' lists stale. A refusal rolls it back.
 */
export const lockTab = async (tx: Tx, arrivalId: number) => {
  const [row] = await tx.select().from(tabs).where(eq(tabs.arrivalId, arrivalId)).for('update');
  if (!row) throw notFound('No open tab for this visit.');
  if (row.status === 'paid') throw conflict('This visit is already checked out.');
  if (row.status === 'unpaid') throw conflict('This visit was closed as unpaid.');
  await publish(tx, { t: 'floor', location: row.locationId, date: row.date });
  return row;
};

/** The tab's location, for the authorisation asked before anything else (and before a replay). */
export const tabLocation = async (db: DbOrTx, arrivalId: number) => {
  const [row] = await db.select({ locationId: tabs.locationId }).from(tabs).where(eq(tabs.arrivalId, arrivalId));
  if (!row) throw notFound('No open tab for this visit.');
  return row.locationId;
};

/** A Manager of the branch (or an Admin) closes the visit's tab as unpaid, saying why (issue 32). */
export const markTabUnpaid = async (db: Db, user: AuthUser, arrivalId: number, reason: string) =>
  db.transaction(async (tx) => {
    const locationId = await tabLocation(tx, arrivalId);
    if (!hasAnyGroup(user, [MANAGER_GROUP])) throw forbidden('Only a Manager may close a tab as unpaid.');
    await assertTill(tx, user, locationId, 'close a tab as unpaid');
    await lockTab(tx, arrivalId);
    const before = await getTab(tx, arrivalId);
    await tx
      .update(tabs)
      .set({ status: 'unpaid', unpaidReason: reason, closedAt: sql`now()`, closedBy: user.id })
      .where(eq(tabs.arrivalId, arrivalId));
    await audit(tx, {
      actorId: user.id,
      action: 'unpaid',
      tableName: 'tabs',
      rowId: arrivalId,
      before,
      after: { ...before, status: 'unpaid', reason },
    });
    return { arrival: arrivalId, status: 'unpaid' as const, reason };
  });
