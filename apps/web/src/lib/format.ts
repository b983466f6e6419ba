import { BUSINESS_TIME_ZONE, LOCALE } from '@ginhawa/contract';

export { formatPeso, formatPesoRounded, formatVariance, varianceKind } from '@ginhawa/contract';

const longDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const hourInManila = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** Day, short month, year and (for date-times) the clock, read in Manila wherever the browser is. */
const manilaParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
/** A moment's parts by type (day, month, …) as `format` writes them: `manilaParts` unless another is named. */
const partsOf = (at: Date, format: Intl.DateTimeFormat = manilaParts) =>
  Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value])) as Partial<
    Record<Intl.DateTimeFormatPartTypes, string>
  >;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date as people here write it: "20 May 2027". A calendar date (`2027-05-20`) is that day
 * wherever the browser is; a timestamp is its day in Manila. Empty for nothing.
 */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  // Noon UTC of a calendar date is the same date in Manila (UTC+8).
  const at = typeof value === 'string' && CALENDAR_DATE.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  const p = partsOf(at);
  return `${p.day} ${p.month} ${p.year}`;
};

/** A moment in Manila in words: "22 Nov 2026, 10:45 am". Empty for nothing. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  const p = partsOf(at);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
};

/** A wall-clock time (`HH:mm`, Manila) as formatDateTime writes its clock: "13:00" → "1:00 pm", "00:15" → "12:15 am". */
export const formatClock = (time: string): string => {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
};

/** A calendar date and its wall-clock time in words, as formatDateTime writes a moment: "29 Nov 2026, 1:00 pm". */
export const formatDateClock = (date: string, time: string): string => `${formatDate(date)}, ${formatClock(time)}`;

/** "1 Nov 2026 to 15 Nov 2026", "from 1 Nov 2026", "until 15 Nov 2026". */
export const formatDateRange = (from: string | null | undefined, to: string | null | undefined): string => {
  if (from && to) return from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `from ${formatDate(from)}`;
  return to ? `until ${formatDate(to)}` : '';
};

/**
 * "Saturday, 22 November 2025" for the business day in Manila, wherever the browser is: day before
 * month like formatDate (en-PH's own order would say "November 22, 2025" beside "22 Nov 2025").
 */
export const formatManilaDate = (date: Date): string => {
  const p = partsOf(date, longDate);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
};

export const greetingFor = (date: Date): string => {
  const hour = Number(hourInManila.format(date));
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

const counts = new Intl.NumberFormat(LOCALE);

/** A count as the panel writes numbers: 2,000, not 2000. */
export const formatCount = (n: number): string => counts.format(n);

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const byteFormats = BYTE_UNITS.map(
  (unit) =>
    new Intl.NumberFormat(LOCALE, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: unit === 'byte' ? 0 : 1,
    }),
);

/** A file's size as people read it: "820 bytes", "4.8 MB", "1.2 GB" (1 MB = 1,000,000 bytes). */
export const formatBytes = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.96 kB would read "1,000 kB": say "1 MB" instead.
  if (unit > 0 && unit < BYTE_UNITS.length - 1 && Math.round(value * 10) >= 10_000) {
    value /= 1000;
    unit += 1;
  }
  return byteFormats[unit]!.format(value);
};

/** "juan dela cruz" → "Juan Dela Cruz". */
export const capitalizeWords = (value: string): string =>
  value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase(LOCALE) + word.slice(1))
    .join(' ');

/**
 * Words that name a role, a place or a function rather than a person: an account called "Site
 * Administrator" or "Front Desk" is a shared or system account (decision 0625).
 */
const ACCOUNT_WORDS = new Set(
  [
    'account',
    'admin',
    'administrator',
    'branch',
    'cashier',
    'counter',
    'desk',
    'front',
    'manager',
    'office',
    'reception',
    'receptionist',
    'site',
    'staff',
    'superuser',
    'system',
    'team',
    'test',
    'user',
  ].map((w) => w.toLocaleLowerCase(LOCALE)),
);

/**
 * What the panel calls a signed-in person (the greeting, the bottom bar): their first name when the
 * account names a person, otherwise their username ("Site Administrator" is greeted "admin", not
 * "Site"): decision 0625.
 */
export const addressName = (user: { firstName: string; lastName: string; username: string }): string => {
  const first = capitalizeWords(user.firstName);
  const words = `${user.firstName} ${user.lastName}`
    .toLocaleLowerCase(LOCALE)
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (!first || words.some((w) => ACCOUNT_WORDS.has(w))) return user.username;
  return first;
};

export const initialsOf = (firstName: string, lastName: string, fallback = ''): string => {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase(LOCALE);
  return initials || fallback.trim().charAt(0).toLocaleUpperCase(LOCALE);
};
