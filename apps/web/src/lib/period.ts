import { todayInManila, yearOf } from '@ginhawa/contract';

/** Months, years and cutoffs as every report and the admin dashboard name them; the dates themselves come from the contract's calendar. */

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
export const recentYears = (today = todayInManila()) => Array.from({ length: 5 }, (_, i) => yearOf(today) - i);

export const CUTOFF_LABELS: Record<number, string> = { 0: 'Whole month', 1: '1st–15th', 2: '16th–end' };
