import { BUSINESS_TIME_ZONE } from '@ginhawa/contract';

/** Months, years and cutoffs as every report and the admin dashboard name them (Manila calendar). */

/** Today's business date in Manila (YYYY-MM-DD), wherever the browser is. */
export const manilaDate = (at = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);

export const monthOf = (date: string) => Number(date.slice(5, 7));
export const yearOf = (date: string) => Number(date.slice(0, 4));

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** This year and the previous four: the history a leaderboard or location chart is read over. */
export const recentYears = (today = manilaDate()) => Array.from({ length: 5 }, (_, i) => yearOf(today) - i);

export const CUTOFF_LABELS: Record<number, string> = { 0: 'Whole month', 1: '1st–15th', 2: '16th–end' };
