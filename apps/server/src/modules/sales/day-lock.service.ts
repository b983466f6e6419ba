import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dailyReports, locations } from '../../db/schema/index';
import { conflict } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';

/** The approved-day lock: an approved daily report closes its location's day to sale writes. */

export const locationOf = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
};

// ——— the approved-day lock ———

/**
 * 409 when the location's daily report for that date is approved. Holds a share lock on the
 * report row until the caller's transaction ends, so an approval cannot slip in between this
 * check and the caller's sale write (approving updates that row and waits for the lock).
 * `what` names what the caller writes (sales, or arrivals through dating.service.ts's rule);
 * with a `field` the answer names it too (`errors: {date: [...]}`).
 */
export const assertDayOpen = async (
  tx: DbOrTx,
  locationId: number,
  date: string,
  what: 'sales' | 'arrivals' = 'sales',
  field?: string,
) => {
  const [report] = await tx
    .select({ status: dailyReports.status })
    .from(dailyReports)
    .where(and(eq(dailyReports.locationId, locationId), eq(dailyReports.date, date)))
    .for('share');
  if (report?.status !== 'approved') return;
  const location = await locationOf(tx, locationId);
  const message = `The daily report for ${location?.name ?? 'this location'} on ${dayInWords(date)} is approved; its ${what} can no longer be added, changed or deleted.`;
  throw conflict(message, field ? { [field]: [message] } : undefined);
};
