import { and, eq } from 'drizzle-orm';
import { manilaDateTime, todayInManila } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { dailyReports, locations, users } from '../../db/schema/index';
import { conflict } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';

/**
 * The closed-day lock: a submitted or approved daily report closes its location's day to sale and
 * arrival writes (decision 0915); a submitted one is reopened by a Manager or an Admin.
 */

export const locationOf = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
};

/**
 * "Makati Salcedo closed today’s books at 13:02. A manager of Makati Salcedo or an administrator may
 * reopen the day to record more.": what the floor, the desk's dialogs and a refused write say of a
 * closed day (decisions 0521, 0915); `by` adds who submitted it. Never advice to record elsewhere.
 */
export const closedDaySentence = (day: {
  name: string;
  date: string;
  today: string;
  at: Date | null;
  status: string;
  by?: string | null;
}) => {
  const when = `${day.at ? ` at ${manilaDateTime(day.at).time}` : ''}${day.by ? ` (${day.by})` : ''}`;
  const books = day.date === day.today ? 'today’s' : `${day.date}’s`;
  return day.status === 'approved'
    ? `${day.name} closed ${books} books${when}, and the report is approved: that day takes no more sales or arrivals.`
    : `${day.name} closed ${books} books${when}. A manager of ${day.name} or an administrator may reopen the day to record more.`;
};

// ——— the closed-day lock ———

/**
 * 409 when the location's daily report for that date is submitted or approved. Holds a share lock
 * on the report row until the caller's transaction ends, so a submit or an approval cannot slip in
 * between this check and the caller's write (both update that row and wait for the lock).
 * `what` names what the caller writes (sales, or arrivals through dating.service.ts's rule);
 * with a `field` the answer names it too (`errors: {date: [...]}`). A submitted day's answer names
 * who closed it and when, and that a Manager or an Admin may reopen it (decision 0915).
 */
export const assertDayOpen = async (
  tx: DbOrTx,
  locationId: number,
  date: string,
  what: 'sales' | 'arrivals' = 'sales',
  field?: string,
) => {
  const [report] = await tx
    .select({ status: dailyReports.status, submittedAt: dailyReports.submittedAt, by: dailyReports.submittedBy })
    .from(dailyReports)
    .where(and(eq(dailyReports.locationId, locationId), eq(dailyReports.date, date)))
    .for('share');
  if (report?.status !== 'approved' && report?.status !== 'submitted') return;
  const location = await locationOf(tx, locationId);
  const name = location?.name ?? 'This location';
  let message: string;
  if (report.status === 'approved') {
    message = `The daily report for ${location?.name ?? 'this location'} on ${dayInWords(date)} is approved; its ${what} can no longer be added, changed or deleted.`;
  } else {
    const [who] = report.by
      ? await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, report.by))
      : [];
    message = closedDaySentence({
      name,
      date,
      today: todayInManila(),
      at: report.submittedAt ? new Date(report.submittedAt) : null,
      status: report.status,
      by: who ? `${who.first} ${who.last}`.trim() : null,
    });
  }
  throw conflict(message, field ? { [field]: [message] } : undefined);
};
