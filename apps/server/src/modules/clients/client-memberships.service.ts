import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addDays,
  todayInManila,
  type ClientMembership,
  type ClientMembershipInput,
  type ClientMembershipQuery,
  type ClientMembershipSale,
  type Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx, SelectRow } from '../../db/client';
import {
  clientMemberships,
  clientTreatments,
  clients,
  employees,
  locations,
  membershipAllowedTreatments,
  memberships,
} from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { fieldError, notFound } from '../../lib/http-error';
import { listPage, totalRows } from '../../lib/list';
import { touched } from '../../lib/tracked';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { scopeWhere } from '../../lib/scope';
import { assertWritable, readScope } from './scope';
import { sellAtDesk } from './sell.service';
import { insertItemSale, soldColumns } from './catalogue-sale.service';
import type { AuthUser } from '../../lib/actor';

const clientMembershipsAudit = auditTrail('client_memberships');

export const salesperson = alias(employees, 'salesperson');
export const owner = alias(clients, 'owner');

// ——— client memberships ———

export const derivedMembershipStatus = (today: string) =>
  sql<string>`case when ${clientMemberships.status} = 'active' and ${clientMemberships.endDate} < ${today} then 'expired' else ${clientMemberships.status} end`;

type VoucherSummary = ClientMembership['vouchers'][number];
const vouchersJson = sql<VoucherSummary[] | string | null>`(
  select json_agg(json_build_object('id', v.id, 'code', v.code, 'treatment', v.treatment_id, 'treatment_name', t.name,
    'sessions_total', v.sessions_total, 'sessions_used', v.sessions_used) order by v.id)
  from client_treatments v join treatments t on t.id = v.treatment_id
  where v.client_membership_id = "client_memberships"."id")`;

const membershipColumns = (today: string) => ({
  id: clientMemberships.id,
  clientId: clientMemberships.clientId,
  clientName: sql<string>`${owner.firstName} || ' ' || ${owner.lastName}`,
  membershipId: clientMemberships.membershipId,
  membershipName: memberships.name,
  startDate: clientMemberships.startDate,
  endDate: clientMemberships.endDate,
  pricePaid: clientMemberships.pricePaid,
  salespersonId: clientMemberships.salespersonId,
  salespersonName: sql<string>`${salesperson.firstName} || ' ' || ${salesperson.lastName}`,
  locationId: clientMemberships.locationId,
  locationName: locations.name,
  status: derivedMembershipStatus(today),
  vouchers: vouchersJson,
  createdAt: clientMemberships.createdAt,
  updatedAt: clientMemberships.updatedAt,
});

/** Client memberships with their names joined; `extra` adds columns (a list's `total`). */
const selectMemberships = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(
  db: DbOrTx,
  today: string,
  extra?: E,
) =>
  db
    .select({ ...membershipColumns(today), ...(extra as E) })
    .from(clientMemberships)
    .innerJoin(owner, eq(owner.id, clientMemberships.clientId))
    .innerJoin(memberships, eq(memberships.id, clientMemberships.membershipId))
    .innerJoin(salesperson, eq(salesperson.id, clientMemberships.salespersonId))
    .innerJoin(locations, eq(locations.id, clientMemberships.locationId));

type MembershipRow = SelectRow<typeof selectMemberships<Record<never, never>>>;

const parseJson = <T>(value: T[] | string | null): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);

export const toClientMembership = (r: MembershipRow): ClientMembership => ({
  ...toSnake(r, {
    clientId: 'client',
    membershipId: 'membership',
    salespersonId: 'salesperson',
    locationId: 'location',
  }),
  status: r.status as ClientMembership['status'],
  vouchers: parseJson(r.vouchers),
  ...isoStamps(r),
});

/**
 * A client's memberships, vouchers and arrivals are read by every staff member, like the client
 * (decision 0410): a list about one client (`client`) or one row by id is not limited. A list across
 * clients (a location's day) stays where the caller reads: the client's or the row's location.
 */
export const activityScope = (user: AuthUser, rowLocation: AnyColumn, clientId?: number) =>
  clientId === undefined ? scopeWhere(readScope(user), owner.locationId, rowLocation) : undefined;

export const dateRange = (column: SQL | AnyColumn, query: { date?: string; date_from?: string; date_to?: string }) => [
  query.date ? sql`${column} = ${query.date}` : undefined,
  query.date_from ? sql`${column} >= ${query.date_from}` : undefined,
  query.date_to ? sql`${column} <= ${query.date_to}` : undefined,
];

export const listClientMemberships = async (
  db: Db,
  user: AuthUser,
  query: ClientMembershipQuery,
  url: string,
): Promise<Page<ClientMembership>> => {
  const today = todayInManila();
  const where = and(
    activityScope(user, clientMemberships.locationId, query.client),
    query.client ? eq(clientMemberships.clientId, query.client) : undefined,
    query.location ? eq(clientMemberships.locationId, query.location) : undefined,
    query.status ? eq(derivedMembershipStatus(today), query.status) : undefined,
    ...dateRange(clientMemberships.startDate, query),
  );
  return listPage(url, query, {
    select: () => selectMemberships(db, today, { total: totalRows }).$dynamic(),
    where,
    orderBy: { start_date: clientMemberships.startDate, end_date: clientMemberships.endDate, id: clientMemberships.id },
    defaultOrder: [desc(clientMemberships.startDate)],
    tieBreaker: clientMemberships.id,
    toItem: toClientMembership,
  });
};

export const getClientMembership = async (db: DbOrTx, user: AuthUser, id: number): Promise<ClientMembership> => {
  const [row] = await selectMemberships(db, todayInManila()).where(eq(clientMemberships.id, id));
  if (!row) throw notFound('No such client membership.');
  return toClientMembership(row);
};

/** One transaction: the client membership, a voucher per included treatment with sessions, one sale. */
export const sellMembership = async (
  db: Db,
  user: AuthUser,
  input: ClientMembershipInput,
  idempotencyKey: string | null,
): Promise<ClientMembershipSale> =>
  sellAtDesk(
    db,
    user,
    { route: 'POST /clients/memberships/', tableName: 'client_memberships', input, idempotencyKey },
    async (tx, paid) => {
      const { date } = paid;
      const [plan] = await tx.select().from(memberships).where(eq(memberships.id, input.membership));
      if (!plan) throw fieldError('membership', 'No such membership.');
      if (!plan.isActive) throw fieldError('membership', `${plan.name} is no longer sold.`);
      const sale = await insertItemSale(tx, user, paid, input, {
        kind: 'membership',
        item: plan,
        quantity: 1,
        amount: sql`${plan.price}::numeric`,
        what: `a ${plan.name} membership`,
        description: `${plan.name} membership`,
      });
      const startDate = input.start_date ?? date;
      const endDate = addDays(startDate, plan.validityDays);
      const [created] = await tx
        .insert(clientMemberships)
        .values({
          ...soldColumns(user, paid, input),
          membershipId: plan.id,
          startDate,
          endDate,
          pricePaid: sale.netAmount,
        })
        .returning({ id: clientMemberships.id });
      const included = await tx
        .select({
          treatmentId: membershipAllowedTreatments.treatmentId,
          sessions: membershipAllowedTreatments.sessionsIncluded,
        })
        .from(membershipAllowedTreatments)
        .where(
          and(
            eq(membershipAllowedTreatments.membershipId, plan.id),
            sql`${membershipAllowedTreatments.sessionsIncluded} > 0`,
          ),
        )
        .orderBy(asc(membershipAllowedTreatments.id));
      if (included.length) {
        await tx.insert(clientTreatments).values(
          included.map((line) => ({
            ...soldColumns(user, paid, input),
            treatmentId: line.treatmentId,
            sessionsTotal: line.sessions,
            pricePaid: '0.00',
            expiresOn: endDate,
            clientMembershipId: created!.id,
          })),
        );
      }
      return { sale, rowId: created!.id, reference: `CM-${created!.id}` };
    },
    getClientMembership,
  );

/** Cancelling a membership (Managers, Admins) stops its vouchers from being redeemed; sessions used stay used. */
export const setClientMembershipStatus = async (
  db: Db,
  user: AuthUser,
  id: number,
  status: 'active' | 'cancelled',
): Promise<ClientMembership> =>
  db.transaction(async (tx) => {
    await tx
      .select({ id: clientMemberships.id })
      .from(clientMemberships)
      .where(eq(clientMemberships.id, id))
      .for('update');
    const before = await getClientMembership(tx, user, id);
    assertWritable(user, before.location, before.location_name);
    await tx
      .update(clientMemberships)
      .set({ status, ...touched(user.id) })
      .where(eq(clientMemberships.id, id));
    return clientMembershipsAudit.changed(tx, user.id, id, before, await getClientMembership(tx, user, id));
  });
