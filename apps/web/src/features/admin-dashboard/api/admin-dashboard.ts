import useSWR from 'swr';
import type { ArrivalsData, Leaderboard, Liability } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';

/**
 * The admin overview's reads (decision 0601). The sales keys stay under `/reports/`, so the live
 * `leaderboard_changed` frame revalidates them like every other report; arrivals revalidate on
 * focus and reconnect (SWR defaults).
 */
export type MonthPeriod = { month: number; year: number };

export const LIABILITY_PATH = '/reports/liability/';
export const LEADERBOARD_PATH = '/reports/leaderboards/';
export const ARRIVALS_DATA_PATH = '/clients/arrivals/data/';

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's first and last Manila dates, as the arrivals endpoint takes them. */
export const monthRange = ({ month, year }: MonthPeriod) => ({
  date_from: `${year}-${pad(month)}-01`,
  date_to: `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`,
});

export const liabilityKey = LIABILITY_PATH;
/** Sessions sold and not yet used, in pesos, as of today (not tied to the month picked). */
export const useLiability = () => useSWR<Liability, unknown>(liabilityKey, getOne);

/** The whole month (cutoff 0): who sold the most. */
export const monthLeaderboardQuery = (period: MonthPeriod) => ({ ...period, cutoff: 0 });
export const monthLeaderboardKey = (period: MonthPeriod) => withQuery(LEADERBOARD_PATH, monthLeaderboardQuery(period));
export const useMonthLeaderboard = (period: MonthPeriod) =>
  useSWR<Leaderboard, unknown>(monthLeaderboardKey(period), getOne);

/** Arrivals of the month (not cancelled): by weekday × hour for the heat map, by therapist for the top list. */
export const arrivalsDataKey = (period: MonthPeriod) => withQuery(ARRIVALS_DATA_PATH, monthRange(period));
export const useMonthArrivals = (period: MonthPeriod) => useSWR<ArrivalsData, unknown>(arrivalsDataKey(period), getOne);
