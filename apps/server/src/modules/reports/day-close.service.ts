import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  CASH_DENOMINATIONS,
  DAY_STILL_OPEN,
  PAYMENT_METHOD_LABELS,
  manilaDate,
  manilaDateTime,
  type CashCount,
  type DayStatus,
  type EndOfDay,
  type OpenItem,
  type PaymentMethod,
} from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import {
  clients,
  dailyReports,
  employees,
  clientArrivals,
  floorReservations,
  locations,
  shifts,
  tabs,
  treatments,
  users,
} from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { inScope, workplaceScope } from '../../lib/scope';
import type { AuthUser } from '../../lib/actor';
import { closedDaySentence, isManager, rowsOf } from '../sales/index';
import { cashTerms, drawerCash, moneyMovements } from './day-books.service';

/**
 * The day closes on purpose (docs/decisions/0521-closing-a-day-on-purpose.md): what is still open
 * when today's report is submitted, and whether a branch's day is closed, said before anyone fills
 * a form.
 */

/** The clock the close reads (a test sets it, as the floor's clock). */
export const dayClock = { now: (): Date => new Date() };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** At most this many bookings are named in a sentence; the rest are counted. */
const NAMED = 5;

/**
 * What is still open on the branch's day, one line per source: before its closing time, bookings
 * still to come, visits served and not yet checked out (open tabs, decision 0510). Only today
 * has anything open: a past day is over, and a later day cannot be reported (decision 0504).
 */
export const stillOpen = async (db: DbOrTx, locationId: number, date: string): Promise<OpenItem[]> => {
  const now = dayClock.now();
  if (date !== manilaDate(now)) return [];
  const open: OpenItem[] = [];
  const [branch] = await db
    .select({ name: locations.name, opens: locations.openingTime, closes: locations.closingTime })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!branch) return [];
  // A branch open past midnight (closing before opening) closes on the next calendar day: still today's books.
  const overnight = minutesOf(branch.closes) <= minutesOf(branch.opens);
  const time = manilaDateTime(now).time;
  if (overnight || minutesOf(time) < minutesOf(branch.closes))
    open.push({
      kind: 'before_closing',
      message: `It is ${time}; ${branch.name} is open until ${branch.closes}${overnight ? ' (after midnight)' : ''}.`,
    });
  const booked = await db
    .select({ time: floorReservations.time, first: clients.firstName, last: clients.lastName })
    .from(floorReservations)
    .innerJoin(clients, eq(clients.id, floorReservations.clientId))
    .where(
      and(
        eq(floorReservations.locationId, locationId),
        eq(floorReservations.date, date),
        eq(floorReservations.status, 'booked'),
      ),
    )
    .orderBy(asc(floorReservations.startsAt), asc(floorReservations.id));
  if (booked.length) {
    const named = booked.slice(0, NAMED).map((b) => `${b.first} ${b.last} at ${b.time}`);
    const more = booked.length > NAMED ? ` and ${booked.length - NAMED} more` : '';
    open.push({
      kind: 'bookings',
      message: `${booked.length} booking${booked.length === 1 ? ' is' : 's are'} still to come: ${named.join(', ')}${more}.`,
    });
  }
  const unpaid = await db
    .select({ time: clientArrivals.time, first: clients.firstName, last: clients.lastName })
    .from(tabs)
    .innerJoin(clientArrivals, eq(clientArrivals.id, tabs.arrivalId))
    .innerJoin(clients, eq(clients.id, clientArrivals.clientId))
    .where(and(eq(tabs.locationId, locationId), eq(tabs.date, date), eq(tabs.status, 'open')))
    .orderBy(asc(clientArrivals.time), asc(tabs.arrivalId));
  if (unpaid.length) {
    const named = unpaid.slice(0, NAMED).map((u) => `${u.first} ${u.last} (since ${u.time})`);
    const more = unpaid.length > NAMED ? ` and ${unpaid.length - NAMED} more` : '';
    open.push({
      kind: 'open_tabs',
      message: `${unpaid.length} visit${unpaid.length === 1 ? ' is' : 's are'} not yet checked out: ${named.join(', ')}${more}. Check ${unpaid.length === 1 ? 'it' : 'them'} out, or a manager marks ${unpaid.length === 1 ? 'it' : 'them'} unpaid with a reason.`,
    });
  }
  return open;
};

/** The 409 naming what is still open; `errors.close_early` lists each line (the screen asks the Manager). */
export const dayStillOpen = (open: OpenItem[]) =>
  conflict(`${DAY_STILL_OPEN} ${open.map((o) => o.message).join(' ')}`, {
    close_early: open.map((o) => o.message),
  });

/** The count's total in pesos, computed in SQL on numeric (decision 0523). */
export const cashCountTotal = async (db: DbOrTx, count: CashCount): Promise<string> => {
  const terms = CASH_DENOMINATIONS.map((d) => sql`${count[d.key]}::numeric * ${d.value}`);
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`select (${sql.join(terms, sql` + `)} + ${count.centavos}::numeric)::numeric(12,2)::text as total`,
  );
  return row!.total;
};

/**
 * A branch's today as the floor board and the desk's dialogs read it: anyone who works there (and
 * Admins) may ask. A submitted or approved report closes the day's books.
 */
export const dayStatus = async (db: DbOrTx, user: AuthUser, locationId: number): Promise<DayStatus> => {
  const [branch] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!branch) throw notFound('No such location.');
  if (!inScope(workplaceScope(user), locationId))
    throw forbidden(`You do not work at ${branch.name}, so you cannot read its day.`);
  const date = manilaDate(dayClock.now());
  const [report] = await db
    .select({
      id: dailyReports.id,
      status: dailyReports.status,
      submittedAt: dailyReports.submittedAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(dailyReports)
    .leftJoin(users, eq(users.id, dailyReports.submittedBy))
    .where(and(eq(dailyReports.locationId, locationId), eq(dailyReports.date, date)));
  const status = (report?.status ?? null) as DayStatus['status'];
  const closed = status === 'submitted' || status === 'approved';
  const at = closed && report?.submittedAt ? new Date(report.submittedAt) : null;
  return {
    location: branch.id,
    location_name: branch.name,
    date,
    report: report?.id ?? null,
    status,
    closed,
    closed_at: at ? at.toISOString() : null,
    closed_by_name: closed && report?.first ? `${report.first} ${report.last}`.trim() : null,
    message: closed ? closedDaySentence({ name: branch.name, date, today: date, at, status: status! }) : null,
    can_reopen: status === 'submitted' && isManager(user),
    open: closed ? [] : await stillOpen(db, locationId, date),
  };
};

/** An approved day stays locked; only a submitted one is reopened (409 otherwise, in words). */
export const assertReopenable = (status: string) => {
  if (status === 'approved')
    throw conflict('This day’s report is approved, so the day stays closed; an approved day cannot be reopened.');
  if (status !== 'submitted') throw conflict(`This day is not closed: its report is ${status}.`);
};

/**
 * The desk's end of day (docs/decisions/0522-the-desks-end-of-day.md): today's money in so far by
 * method and bank (sales less the deposits they used, plus deposits received, less refunds), the
 * drawer's cash with its terms, the bookings still to come, who is on shift, and the day's status.
 */
export const endOfDay = async (db: DbOrTx, user: AuthUser, locationId: number): Promise<EndOfDay> => {
  const day = await dayStatus(db, user, locationId);
  const d = { loc: sql`${locationId}::int`, day: sql`${day.date}::date` };
  const movements = moneyMovements(d);
  const [byMethod, byBank, totals, terms, bookings, onShift] = await Promise.all([
    rowsOf<{ key: string; total: string; count: number }>(
      db,
      sql`select m.payment_method as key, round(sum(m.amount), 2)::text as total, count(*) filter (where m.amount > 0)::int as count
          from ${movements} m group by 1 order by 1`,
    ),
    rowsOf<{ key: string; name: string; total: string; count: number }>(
      db,
      sql`select m.bank_id::text as key, b.name, round(sum(m.amount), 2)::text as total, count(*) filter (where m.amount > 0)::int as count
          from ${movements} m join banks b on b.id = m.bank_id group by 1, 2 order by b.name`,
    ),
    rowsOf<{ total: string; cash: string }>(
      db,
      sql`select round(coalesce(sum(m.amount), 0), 2)::text as total, round(${drawerCash(d)}, 2)::text as cash from ${movements} m`,
    ),
    cashTerms(db, d),
    db
      .select({
        reservation: floorReservations.id,
        time: floorReservations.time,
        first: clients.firstName,
        last: clients.lastName,
        treatment: treatments.name,
      })
      .from(floorReservations)
      .innerJoin(clients, eq(clients.id, floorReservations.clientId))
      .innerJoin(treatments, eq(treatments.id, floorReservations.treatmentId))
      .where(
        and(
          eq(floorReservations.locationId, locationId),
          eq(floorReservations.date, day.date),
          eq(floorReservations.status, 'booked'),
        ),
      )
      .orderBy(asc(floorReservations.startsAt), asc(floorReservations.id)),
    db
      .select({
        employee: employees.id,
        first: employees.firstName,
        last: employees.lastName,
        since: shifts.startedAt,
      })
      .from(shifts)
      .innerJoin(employees, eq(employees.id, shifts.employeeId))
      .where(and(eq(shifts.locationId, locationId), isNull(shifts.endedAt)))
      .orderBy(asc(shifts.startedAt), asc(employees.id)),
  ]);
  return {
    location: day.location,
    location_name: day.location_name,
    date: day.date,
    takings_by_payment_method: byMethod.map((r) => ({
      ...r,
      name: PAYMENT_METHOD_LABELS[r.key as PaymentMethod] ?? r.key,
      count: Number(r.count),
    })),
    takings_by_bank: byBank.map((r) => ({ ...r, count: Number(r.count) })),
    takings_total: totals[0]!.total,
    cash_expected: totals[0]!.cash,
    cash_terms: terms,
    open_bookings: bookings.map((b) => ({
      reservation: b.reservation,
      client_name: `${b.first} ${b.last}`,
      time: b.time,
      treatment_name: b.treatment,
    })),
    on_shift: onShift.map((s) => ({
      employee: s.employee,
      name: `${s.first} ${s.last}`,
      since: manilaDateTime(new Date(s.since)).time,
    })),
    day,
  };
};
