import { MAX_REPORT_YEAR, MIN_REPORT_YEAR, cutoffOf, monthOf, todayInManila, yearOf } from '@ginhawa/contract';

// Shared with the admin dashboard; re-exported so the reports read them from one place.
export { CUTOFF_LABELS, MONTH_NAMES, recentYears } from '../../../lib/period';

/** The screen's tabs; the tab and every filter live in the URL so a drill-down is a link. */
export const REPORT_TABS = ['daily', 'lines', 'locations', 'leaderboard'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

const intIn = (value: string | null, min: number, max: number, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export const readTab = (params: URLSearchParams): ReportTab => {
  const tab = params.get('tab');
  return REPORT_TABS.find((t) => t === tab) ?? 'daily';
};

export const readDate = (params: URLSearchParams, name = 'date'): string => {
  const value = params.get(name);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayInManila();
};

/** The period in the URL; what it leaves out is today's (Manila): the month and the cutoff that contain it (issue 34). */
export const readPeriod = (params: URLSearchParams) => {
  const today = todayInManila();
  return {
    month: intIn(params.get('month'), 1, 12, monthOf(today)),
    year: intIn(params.get('year'), MIN_REPORT_YEAR, MAX_REPORT_YEAR, yearOf(today)),
    cutoff: intIn(params.get('cutoff'), 0, 2, cutoffOf(today)),
  };
};

export const readId = (params: URLSearchParams, name: string): number | null => {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A reason's limit (returning a report, deleting sales): the contract schemas' `text(500)`. */
export const REASON_MAX = 500;
