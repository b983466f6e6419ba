import { BUSINESS_TIME_ZONE } from './constants';

/**
 * The business's calendar (docs/product.md §11): every date the API
 * speaks is a Manila calendar date, `YYYY-MM-DD`, wherever the server or the browser runs. A
 * month is paid in two cutoffs: 1 = days 1–15, 2 = the 16th to the month's last day; 0 names the
 * whole month.
 */

export type Cutoff = 0 | 1 | 2;

const manilaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const partsOf = (instant: Date) =>
  Object.fromEntries(manilaParts.formatToParts(instant).map((p) => [p.type, p.value])) as Record<string, string>;

/** The Manila calendar date of an instant. */
export const manilaDate = (instant: Date): string => {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day}`;
};

/** The Manila date and wall-clock time (`HH:mm`) of an instant. */
export const manilaDateTime = (instant: Date): { date: string; time: string } => {
  const p = partsOf(instant);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
};

/** "2026-11-29 21:39:05.123 +08:00": an instant to the millisecond on Manila's clock (no daylight saving there). */
export const manilaTimestamp = (instant: Date): string => {
  const p = partsOf(instant);
  const ms = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}.${ms} +08:00`;
};

/** Today's date in Manila, the business's day. */
export const todayInManila = (now: Date = new Date()): string => manilaDate(now);

/** `YYYY-MM-DD` plus whole days, in calendar terms (noon UTC keeps the arithmetic clear of any offset). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const yearOf = (date: string): number => Number(date.slice(0, 4));
export const monthOf = (date: string): number => Number(date.slice(5, 7));

/** The cutoff (1 or 2) a date falls in. */
export const cutoffOf = (date: string): 1 | 2 => (Number(date.slice(8, 10)) <= 15 ? 1 : 2);

/** The year, month and cutoff a date falls in: the period a report or dashboard opens on. */
export const periodContaining = (date: string): { year: number; month: number; cutoff: 1 | 2 } => ({
  year: yearOf(date),
  month: monthOf(date),
  cutoff: cutoffOf(date),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's last day (28–31). */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last dates of a month. */
export const monthBounds = (year: number, month: number): { from: string; to: string } => ({
  from: `${year}-${pad(month)}-01`,
  to: `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`,
});

/** The first and last dates a cutoff covers: 1 = days 1–15, 2 = 16–last day, 0 = the whole month. */
export const cutoffDates = (year: number, month: number, cutoff: number): { from: string; to: string } => {
  const whole = monthBounds(year, month);
  return {
    from: cutoff === 2 ? `${year}-${pad(month)}-16` : whole.from,
    to: cutoff === 1 ? `${year}-${pad(month)}-15` : whole.to,
  };
};
