import useSWR from 'swr';
import type { Leaderboard, LeaderboardQuery, LocationSales, LocationSalesQuery } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';
import { REPORTS_PATH } from './reports-keys';

export const LOCATION_SALES_PATH = `${REPORTS_PATH}get-location-sales/`;
export const LEADERBOARD_PATH = `${REPORTS_PATH}leaderboards/`;

export type MonthQuery = Pick<LocationSalesQuery, 'month' | 'year'>;
export type LeaderboardPeriod = Pick<LeaderboardQuery, 'month' | 'year' | 'cutoff'>;

/** Per location per day and month totals. */
export const useLocationSales = (query: MonthQuery) =>
  useSWR<LocationSales, unknown>(withQuery(LOCATION_SALES_PATH, query), getOne<LocationSales>);

/** Ranked by net sales over the cutoff's days (Manila dates); ties share a rank. */
export const useLeaderboard = (query: LeaderboardPeriod) =>
  useSWR<Leaderboard, unknown>(withQuery(LEADERBOARD_PATH, query), getOne<Leaderboard>);
