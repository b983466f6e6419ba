import { BUSINESS_ZONE } from '../../db/business-zone';
import { and, asc, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  VOUCHER_DEFAULT_VALIDITY_DAYS,
  addDays,
  todayInManila,
  type ClientServices,
  type ClientTreatmentInput,
  type ClientTreatmentQuery,
  type ClientTreatment,
  type ClientTreatmentSale,
  type Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx, SelectRow } from '../../db/client';
import {
  clientMemberships,
  clientTreatments,
  locations,
  membershipAllowedTreatments,
  memberships,
  treatments,
} from '../../db/schema/index';
import { fieldError, notFound } from '../../lib/http-error';
import { listPage, totalRows } from '../../lib/list';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import type { AuthUser } from '../../lib/actor';
import { sellAtDesk } from './sell.service';
import { insertItemSale, soldColumns } from './catalogue-sale.service';
import { getClient } from './clients.service';
import { salesperson, owner, derivedMembershipStatus, activityScope, dateRange } from './client-memberships.service';

/** Vouchers (client treatments): reading, listing and selling them, and what a client can use now; memberships are client-memberships.service.ts, the sale itself the sales module's. */

// ——— vouchers ———

export const derivedVoucherStatus = (today: string) =>
  sql<string>`case when ${clientTreatments.status} = 'cancelled' then 'cancelled'
    when ${clientTreatments.sessionsUsed} >= ${clientTreatments.sessionsTotal} then 'used_up'
    when ${clientTreatments.expiresOn} < ${today} then 'expired' else 'active' end`;

const voucherColumns = (today: string) => ({
  id: clientTreatments.id,
  code: clientTreatments.code,
  clientId: clientTreatments.clientId,
  clientName: sql<string>`${owner.firstName} || ' ' || ${owner.lastName}`,
  treatmentId: clientTreatments.treatmentId,
  treatmentName: treatments.name,
  sessionsTotal: clientTreatments.sessionsTotal,
  sessionsUsed: clientTreatments.sessionsUsed,
  pricePaid: clientTreatments.pricePaid,
  salespersonId: clientTreatments.salespersonId,
  salespersonName: sql<string>`${salesperson.firstName} || ' ' || ${salesperson.lastName}`,
  locationId: clientTreatments.locationId,
  locationName: locations.name,
  expiresOn: clientTreatments.expiresOn,
  clientMembershipId: clientTreatments.clientMembershipId,
  status: derivedVoucherStatus(today),
  createdAt: clientTreatments.createdAt,
  updatedAt: clientTreatments.updatedAt,
});

/** Vouchers with their names joined; `extra` adds columns (a list's `total`). */
const selectVouchers = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(
  db: DbOrTx,
  today: string,
  extra?: E,
) =>
  db
    .select({ ...voucherColumns(today), ...(extra as E) })
    .from(clientTreatments)
    .innerJoin(owner, eq(owner.id, clientTreatments.clientId))
    .innerJoin(treatments, eq(treatments.id, clientTreatments.treatmentId))
    .innerJoin(salesperson, eq(salesperson.id, clientTreatments.salespersonId))
    .innerJoin(locations, eq(locations.id, clientTreatments.locationId));

type VoucherRow = SelectRow<typeof selectVouchers<Record<never, never>>>;

export const toClientTreatment = (r: VoucherRow): ClientTreatment => ({
  ...toSnake(r, {
    clientId: 'client',
    treatmentId: 'treatment',
    salespersonId: 'salesperson',
    locationId: 'location',
    clientMembershipId: 'client_membership',
  }),
  sessions_remaining: r.sessionsTotal - r.sessionsUsed,
  status: r.status as ClientTreatment['status'],
  ...isoStamps(r),
});

export const listClientTreatments = async (
  db: Db,
  user: AuthUser,
  query: ClientTreatmentQuery,
  url: string,
): Promise<Page<ClientTreatment>> => {
  const today = todayInManila();
  const createdDay = sql`(${clientTreatments.createdAt} at time zone ${BUSINESS_ZONE})::date`;
  const where = and(
    activityScope(user, clientTreatments.locationId, query.client),
    query.client ? eq(clientTreatments.clientId, query.client) : undefined,
    query.location ? eq(clientTreatments.locationId, query.location) : undefined,
    query.status ? eq(derivedVoucherStatus(today), query.status) : undefined,
    ...dateRange(createdDay, query),
  );
  return listPage(url, query, {
    select: () => selectVouchers(db, today, { total: totalRows }).$dynamic(),
    where,
    orderBy: {
      created_at: clientTreatments.createdAt,
      expires_on: clientTreatments.expiresOn,
      code: clientTreatments.code,
      id: clientTreatments.id,
    },
    defaultOrder: [desc(clientTreatments.createdAt)],
    tieBreaker: clientTreatments.id,
    toItem: toClientTreatment,
  });
};

export const getClientTreatment = async (db: DbOrTx, user: AuthUser, id: number): Promise<ClientTreatment> => {
  const [row] = await selectVouchers(db, todayInManila()).where(eq(clientTreatments.id, id));
  if (!row) throw notFound('No such voucher.');
  return toClientTreatment(row);
};

/** A voucher and its sale, in one transaction; the price is the catalogue price × sessions. */
export const sellVoucher = async (
  db: Db,
  user: AuthUser,
  input: ClientTreatmentInput,
  idempotencyKey: string | null,
): Promise<ClientTreatmentSale> =>
  sellAtDesk(
    db,
    user,
    { route: 'POST /clients/treatments/', tableName: 'client_treatments', input, idempotencyKey },
    async (tx, paid) => {
      const { date } = paid;
      const [treatment] = await tx.select().from(treatments).where(eq(treatments.id, input.treatment));
      if (!treatment) throw fieldError('treatment', 'No such treatment.');
      if (!treatment.isActive) throw fieldError('treatment', `${treatment.name} is no longer offered.`);
      const expiresOn =
        input.expires_on === undefined ? addDays(date, VOUCHER_DEFAULT_VALIDITY_DAYS) : input.expires_on;
      if (expiresOn !== null && expiresOn < date)
        throw fieldError('expires_on', 'A voucher cannot expire before the day it is sold.');
      const sale = await insertItemSale(tx, user, paid, input, {
        kind: 'voucher',
        item: treatment,
        quantity: input.sessions,
        amount: sql`${treatment.price}::numeric * ${input.sessions}`,
        what: `a ${input.sessions}-session ${treatment.name} voucher`,
        description: `${treatment.name} voucher, ${input.sessions} session${input.sessions === 1 ? '' : 's'}`,
      });
      const [created] = await tx
        .insert(clientTreatments)
        .values({
          ...soldColumns(user, paid, input),
          treatmentId: treatment.id,
          sessionsTotal: input.sessions,
          pricePaid: sale.netAmount,
          expiresOn,
        })
        .returning({ id: clientTreatments.id, code: clientTreatments.code });
      return { sale, rowId: created!.id, reference: created!.code };
    },
    getClientTreatment,
  );

// ——— what a client can use now ———

export const clientServices = async (db: Db, user: AuthUser, clientId: number): Promise<ClientServices> => {
  await getClient(db, user, clientId);
  const today = todayInManila();
  const vouchers = await selectVouchers(db, today)
    .where(
      and(
        eq(clientTreatments.clientId, clientId),
        eq(derivedVoucherStatus(today), 'active'),
        or(
          sql`${clientTreatments.clientMembershipId} is null`,
          sql`exists (select 1 from client_memberships m where m.id = ${clientTreatments.clientMembershipId} and m.status = 'active')`,
        ),
      ),
    )
    .orderBy(sql`${clientTreatments.expiresOn} asc nulls last`, asc(clientTreatments.id));
  const active = await db
    .select({
      id: clientMemberships.id,
      membershipId: clientMemberships.membershipId,
      membershipName: memberships.name,
      startDate: clientMemberships.startDate,
      endDate: clientMemberships.endDate,
    })
    .from(clientMemberships)
    .innerJoin(memberships, eq(memberships.id, clientMemberships.membershipId))
    .where(
      and(
        eq(clientMemberships.clientId, clientId),
        eq(derivedMembershipStatus(today), 'active'),
        lte(clientMemberships.startDate, today),
      ),
    )
    .orderBy(asc(clientMemberships.endDate), asc(clientMemberships.id));
  const result: ClientServices['memberships'] = [];
  for (const m of active) {
    const lines = await db
      .select({
        treatment: membershipAllowedTreatments.treatmentId,
        treatmentName: treatments.name,
        sessionsIncluded: membershipAllowedTreatments.sessionsIncluded,
        discountPercent: membershipAllowedTreatments.discountPercent,
        remaining: sql<number>`coalesce((select sum(v.sessions_total - v.sessions_used) from client_treatments v
          where v.client_membership_id = ${m.id} and v.treatment_id = ${membershipAllowedTreatments.treatmentId} and v.status = 'active'), 0)`.mapWith(
          Number,
        ),
      })
      .from(membershipAllowedTreatments)
      .innerJoin(treatments, eq(treatments.id, membershipAllowedTreatments.treatmentId))
      .where(eq(membershipAllowedTreatments.membershipId, m.membershipId))
      .orderBy(asc(treatments.name));
    result.push({
      id: m.id,
      membership: m.membershipId,
      membership_name: m.membershipName,
      start_date: m.startDate,
      end_date: m.endDate,
      status: 'active',
      allowed_treatments: lines.map((l) => ({
        treatment: l.treatment,
        treatment_name: l.treatmentName,
        sessions_included: l.sessionsIncluded,
        sessions_remaining: l.remaining,
        discount_percent: l.discountPercent,
      })),
    });
  }
  return { vouchers: vouchers.map(toClientTreatment), memberships: result };
};
