import useSWR from 'swr';
import type {
  ClientArrival,
  DailyReport,
  DailySalesReport,
  Leaderboard,
  Page,
  PersonalSales,
  SaleLineRead,
} from '@ginhawa/contract';
import { getOne, getPage, withQuery } from '../../../lib/list-query';
import type { Prefetch } from '../../../lib/swr';

/**
 * Every figure the dashboard shows comes from `/reports/…` or `/clients/arrivals/`. The live
 * channel revalidates every cached key under `/reports/` when a `leaderboard_changed` frame
 * arrives, and under `/clients/arrivals/` on `arrivals_changed`, so these keys must stay under
 * those prefixes (features/notifications/live).
 */
export const personalSalesKey = (salespersonId: number, month: number, year: number) =>
  withQuery('/reports/get-personal-sales/', { salesperson_id: salespersonId, month, year });
export const usePersonalSales = (salespersonId: number | null, month: number, year: number) =>
  useSWR<PersonalSales, unknown>(salespersonId ? personalSalesKey(salespersonId, month, year) : null, getOne);

export const leaderboardKey = (month: number, year: number, cutoff: number) =>
  withQuery('/reports/leaderboards/', { month, year, cutoff });
export const useLeaderboard = (month: number, year: number, cutoff: number) =>
  useSWR<Leaderboard, unknown>(leaderboardKey(month, year, cutoff), getOne);

export const LATEST_SALES = 5;
export const mySalesKey = (salespersonId: number) =>
  withQuery('/reports/daily-sales/', {
    salesperson: salespersonId,
    ordering: '-created_at',
    page: 1,
    pageSize: LATEST_SALES,
  });
export const useMySales = (salespersonId: number | null) =>
  useSWR<Page<SaleLineRead>, unknown>(salespersonId ? mySalesKey(salespersonId) : null, getPage);

/** The sale lines behind a rank: one salesperson's sales in a period, newest first (at most 100). */
export const RANK_SALES = 100;
export const rankSalesKey = (salespersonId: number, from: string, to: string) =>
  withQuery('/reports/daily-sales/', {
    salesperson: salespersonId,
    date_from: from,
    date_to: to,
    ordering: '-date',
    page: 1,
    pageSize: RANK_SALES,
  });
export const useRankSales = (salespersonId: number, period: { from: string; to: string } | null) =>
  useSWR<Page<SaleLineRead>, unknown>(period ? rankSalesKey(salespersonId, period.from, period.to) : null, getPage);

export const dailySalesReportKey = (date: string) => withQuery('/reports/get-daily-sales-report/', { date });
export const useDailySalesReport = (date: string, enabled: boolean) =>
  useSWR<DailySalesReport, unknown>(enabled ? dailySalesReportKey(date) : null, getOne);

export const submittedReportsKey = withQuery('/reports/', {
  status: 'submitted',
  ordering: 'date',
  page: 1,
  pageSize: 10,
});
export const useSubmittedReports = (enabled: boolean) =>
  useSWR<Page<DailyReport>, unknown>(enabled ? submittedReportsKey : null, getPage);

/** Today's arrivals for one therapist or one location, in time order (cancelled ones left out). */
export const arrivalsKey = (date: string, by: { therapist?: number; location?: number }) =>
  withQuery('/clients/arrivals/', { date, ...by, status: 'arrived', ordering: 'time', page: 1, pageSize: 100 });
/** Started by the dashboard's route before its code has arrived (decision 1050). */
export const prefetchArrivals = (prefetch: Prefetch, date: string, by: { therapist?: number; location?: number }) =>
  prefetch(arrivalsKey(date, by), getPage<ClientArrival>);
export const useArrivals = (date: string, by: { therapist?: number; location?: number } | null) =>
  useSWR<Page<ClientArrival>, unknown>(by ? arrivalsKey(date, by) : null, getPage);
