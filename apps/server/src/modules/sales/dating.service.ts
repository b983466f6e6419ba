import { cutoffDates, cutoffOf, todayInManila } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { dayInWords } from '../../lib/notice-text';
import { assertDayOpen } from './day-lock.service';

/**
 * Dates mean what happened (docs/decisions/0710-trust-api.md): the one rule for the day a sale or
 * an arrival is written on, used by every writer of either (desk membership and voucher sales,
 * walk-ins, arrivals and their changes, store-sales-data):
 *
 * 1. never after today (Manila);
 * 2. an arrival never before the voucher or membership it uses was sold;
 * 3. staff other than Admins only within the current cutoff (1 = days 1–15, 2 = 16–end);
 *    Admins may correct earlier days, entering history included, and the write says so (backdated);
 * 4. never on a locked day (its daily report approved): 409.
 *
 * Errors name the field (`date` unless told), `{message, errors: {date: [...]}}`.
 */

/** A 400 whose message is the sentence itself, also under the field: the form shows it there, a toast whole. */
const refused = (field: string, message: string) => badRequest(message, { [field]: [message] });

export type DatingInput = {
  locationId: number;
  date: string;
  what: 'sale' | 'arrival';
  /** The request field the date came from, named in the errors. */
  field?: string;
  /** The voucher or membership an arrival uses: the day it was sold and how to name it. */
  sold?: { on: string; label: string };
  /** Changing a row already on file (an arrival's cancellation or notes): its day is as it was, so only rules 3 and 4. */
  changing?: boolean;
};

/** The current cutoff's first day, in Manila. */
export const currentCutoffStart = (today = todayInManila()) =>
  cutoffDates(Number(today.slice(0, 4)), Number(today.slice(5, 7)), cutoffOf(today)).from;

/**
 * Applies the rule, holding the day's report row (share lock) until the caller commits. Answers
 * whether the date is before the current cutoff, which only an Admin may write: the caller's
 * audit row then says `backdated: true`.
 */
export const assertDateAllowed = async (
  tx: DbOrTx,
  user: AuthUser,
  input: DatingInput,
): Promise<{ backdated: boolean }> => {
  const field = input.field ?? 'date';
  const today = todayInManila();
  if (input.date > today && !input.changing)
    throw refused(
      field,
      `A${input.what === 'arrival' ? 'n' : ''} ${input.what} cannot be dated after today (${dayInWords(today)}).`,
    );
  if (input.sold && input.date < input.sold.on)
    throw refused(
      field,
      `This arrival cannot be dated before ${input.sold.label} was sold (${dayInWords(input.sold.on)}).`,
    );
  const from = currentCutoffStart(today);
  const backdated = input.date < from;
  if (backdated && !isAdmin(user)) {
    const a = `a${input.what === 'arrival' ? 'n' : ''} ${input.what}`;
    throw refused(
      field,
      input.changing
        ? `Only an administrator can change ${a} of ${dayInWords(input.date)}: it is before the current cutoff, which began on ${dayInWords(from)}.`
        : `Only an administrator can date ${a} before the current cutoff, which began on ${dayInWords(from)}.`,
    );
  }
  await assertDayOpen(tx, input.locationId, input.date, input.what === 'arrival' ? 'arrivals' : 'sales', field);
  return { backdated };
};

/** What the audit row adds for a write dated before the current cutoff (nothing otherwise). */
export const backdatedNote = (dated: { backdated: boolean }) => (dated.backdated ? { backdated: true } : {});
