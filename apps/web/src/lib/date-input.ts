/**
 * Reading a date as a person types it (docs/decisions/0640): "29 Nov 2026", "29 November 2026",
 * "Nov 29, 2026", "29/11/2026", "29-11-2026", "29.11.2026" or "2026-11-29". Numbers are day first,
 * as the panel writes dates, unless only month first makes sense ("11/29/2026"); the field then shows
 * the month as a word, so a misread is seen at once.
 */

import { MONTH_NAMES } from './period';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` for a real day of the calendar, else null (31 Feb, month 13, year 0). */
export const calendarDate = (year: number, month: number, day: number): string | null => {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
};

/** The month a word names: three letters or more of its English name ("Nov", "nov.", "November"). */
const monthOf = (word: string): number | null => {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const index = MONTH_NAMES.findIndex((m) => m.toLowerCase().startsWith(w));
  return index < 0 ? null : index + 1;
};

/** The typed text as `YYYY-MM-DD`, '' for nothing typed, null when it is not a date. */
export const parseDateInput = (text: string): string | null => {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[ /.-]?([A-Za-z]+\.?)[ /.,-]+(\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[2] ?? '');
    return month ? calendarDate(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^([A-Za-z]+\.?) (\d{1,2}),? (\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[1] ?? '');
    return month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
  }
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // Day first; month first only when the second number cannot be a month (11/29/2026).
    return b > 12 && a <= 12 ? calendarDate(year, a, b) : calendarDate(year, b, a);
  }
  return null;
};
