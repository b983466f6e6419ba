import { todayInManila } from '@ginhawa/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Liability, LiabilityFigure, LiabilityQuery } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { clientMemberships, clientTreatments, floorReservations, locations } from '../../db/schema/index';

/**
 * Membership and voucher liability: sessions sold and not yet used, in pesos (decision 0601); and
 * reservation deposits held or kept as credit (decision 0520).
 * Every sum is numeric in SQL; each voucher or membership is rounded to the centavo before it is
 * summed, so a location's figure is the sum of the figures a person could check one by one.
 */

/** Sessions left on a voucher row. */
const left = sql`(${clientTreatments.sessionsTotal} - ${clientTreatments.sessionsUsed})`;
/** A numeric sum as a two-place decimal string, zero when nothing matched. */
const pesos = (value: SQL) => sql<string>`coalesce(${value}, 0)::numeric(14,2)::text`;
const int = (value: SQL) => sql<number>`coalesce(${value}, 0)::int`.mapWith(Number);

const liabilitySources = (db: Db, today: string, location: number | undefined) => {
  // Vouchers bought on their own: active, not expired, sessions left; their price per session.
  const vouchers = db
    .select({
      locationId: clientTreatments.locationId,
      n: sql<number>`count(*)::int`.as('v_n'),
      sessions: sql<number>`sum(${left})::int`.as('v_sessions'),
      amount:
        sql<string>`sum(round(${clientTreatments.pricePaid} * ${left} / ${clientTreatments.sessionsTotal}, 2))`.as(
          'v_amount',
        ),
    })
    .from(clientTreatments)
    .where(
      and(
        isNull(clientTreatments.clientMembershipId),
        eq(clientTreatments.status, 'active'),
        lt(clientTreatments.sessionsUsed, clientTreatments.sessionsTotal),
        or(isNull(clientTreatments.expiresOn), gte(clientTreatments.expiresOn, today)),
        location ? eq(clientTreatments.locationId, location) : undefined,
      ),
    )
    .groupBy(clientTreatments.locationId)
    .as('v');
  // A membership's included vouchers (price 0 each): the sessions it came with and those still usable.
  const included = db
    .select({
      membershipId: sql<number>`${clientTreatments.clientMembershipId}`.as('i_membership'),
      total: sql<number>`sum(${clientTreatments.sessionsTotal})`.as('i_total'),
      remaining: sql<number>`sum(case when ${clientTreatments.status} = 'active' then ${left} else 0 end)`.as(
        'i_remaining',
      ),
    })
    .from(clientTreatments)
    .where(isNotNull(clientTreatments.clientMembershipId))
    .groupBy(clientTreatments.clientMembershipId)
    .as('i');
  // Memberships: active and not past their end date; the price paid × the share of sessions left.
  const members = db
    .select({
      locationId: clientMemberships.locationId,
      n: sql<number>`count(*)::int`.as('m_n'),
      sessions: sql<number>`sum(${included.remaining})::int`.as('m_sessions'),
      amount: sql<string>`sum(round(${clientMemberships.pricePaid} * ${included.remaining} / ${included.total}, 2))`.as(
        'm_amount',
      ),
    })
    .from(clientMemberships)
    .innerJoin(included, eq(included.membershipId, clientMemberships.id))
    .where(
      and(
        eq(clientMemberships.status, 'active'),
        gte(clientMemberships.endDate, today),
        sql`${included.remaining} > 0`,
        location ? eq(clientMemberships.locationId, location) : undefined,
      ),
    )
    .groupBy(clientMemberships.locationId)
    .as('m');
  // Deposits held against a booking or kept as the client's credit: money the spa owes a visit or a refund (decision 0520).
  const deposits = db
    .select({
      locationId: floorReservations.locationId,
      n: sql<number>`count(*)::int`.as('d_n'),
      amount: sql<string>`sum(${floorReservations.depositAmount})`.as('d_amount'),
    })
    .from(floorReservations)
    .where(
      and(
        inArray(floorReservations.depositStatus, ['held', 'credited']),
        location ? eq(floorReservations.locationId, location) : undefined,
      ),
    )
    .groupBy(floorReservations.locationId)
    .as('d');
  return { vouchers, members, deposits };
};

const figure = (n: number, sessions: number, amount: string): LiabilityFigure => ({
  count: n,
  sessions_remaining: sessions,
  amount,
});

export const liability = async (
  db: Db,
  query: Pick<LiabilityQuery, 'location'>,
  today = todayInManila(),
): Promise<Liability> => {
  const { vouchers, members, deposits } = liabilitySources(db, today, query.location);
  // Per location the subqueries' own figures; for the totals line the same figures summed.
  const figures = (over: (value: SQL) => SQL) => ({
    vN: int(over(sql`${vouchers.n}`)),
    vSessions: int(over(sql`${vouchers.sessions}`)),
    vAmount: pesos(over(sql`${vouchers.amount}`)),
    mN: int(over(sql`${members.n}`)),
    mSessions: int(over(sql`${members.sessions}`)),
    mAmount: pesos(over(sql`${members.amount}`)),
    dN: int(over(sql`${deposits.n}`)),
    dAmount: pesos(over(sql`${deposits.amount}`)),
    total: pesos(
      over(sql`coalesce(${vouchers.amount}, 0) + coalesce(${members.amount}, 0) + coalesce(${deposits.amount}, 0)`),
    ),
  });
  const perLocation = db
    .select({ id: locations.id, name: locations.name, ...figures((value) => value) })
    .from(locations);
  const summed = db.select(figures((value) => sql`sum(${value})`)).from(locations);
  // Every active location is listed (a zero is an answer); an inactive one only while it still owes.
  const where = and(
    query.location ? eq(locations.id, query.location) : undefined,
    or(
      eq(locations.isActive, true),
      isNotNull(vouchers.locationId),
      isNotNull(members.locationId),
      isNotNull(deposits.locationId),
    ),
  );
  const [rows, totals] = await Promise.all([
    perLocation
      .leftJoin(vouchers, eq(vouchers.locationId, locations.id))
      .leftJoin(members, eq(members.locationId, locations.id))
      .leftJoin(deposits, eq(deposits.locationId, locations.id))
      .where(where)
      .orderBy(asc(locations.name), asc(locations.id)),
    summed
      .leftJoin(vouchers, eq(vouchers.locationId, locations.id))
      .leftJoin(members, eq(members.locationId, locations.id))
      .leftJoin(deposits, eq(deposits.locationId, locations.id))
      .where(where),
  ]);
  const all = totals[0]!;
  return {
    as_of: today,
    locations: rows.map((r) => ({
      location: r.id,
      location_name: r.name,
      vouchers: figure(r.vN, r.vSessions, r.vAmount),
      memberships: figure(r.mN, r.mSessions, r.mAmount),
      deposits: { count: r.dN, amount: r.dAmount },
      total: r.total,
    })),
    vouchers: figure(all.vN, all.vSessions, all.vAmount),
    memberships: figure(all.mN, all.mSessions, all.mAmount),
    deposits: { count: all.dN, amount: all.dAmount },
    total: all.total,
  };
};
