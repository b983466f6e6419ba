import useSWR from 'swr';
import type {
  DailyReport,
  DailyReportBody,
  DailyReportListQuery,
  DailyReportPatch,
  DailySalesReport,
  Page,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, getPage, withQuery } from '../../../lib/list-query';
import { REPORTS_PATH } from './reports-keys';

export const dailySalesReportKey = (date: string) => withQuery(`${REPORTS_PATH}get-daily-sales-report/`, { date });

/** Per location for one date: totals by payment method, bank and salesperson, status and variance. */
export const useDailySalesReport = (date: string) =>
  useSWR<DailySalesReport, unknown>(date ? dailySalesReportKey(date) : null, getOne<DailySalesReport>);

/** The daily report record (draft, submitted, …) of one location and date, if one was started. */
export const useDailyReportRecord = (location: number | null, date: string) =>
  useSWR<Page<DailyReport>, unknown>(
    location && date
      ? withQuery(REPORTS_PATH, {
          location: String(location),
          date,
          page: 1,
          pageSize: 1,
        } satisfies Partial<DailyReportListQuery>)
      : null,
    getPage<DailyReport>,
  );

/** One report by id: a notification's link names only the id. */
export const useDailyReport = (id: number | null) =>
  useSWR<DailyReport, unknown>(id ? `${REPORTS_PATH}${id}/` : null, getOne<DailyReport>);

export const createDailyReport = async (body: DailyReportBody): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(REPORTS_PATH, body)).data;
export const updateDailyReport = async (id: number, body: DailyReportPatch): Promise<DailyReport> =>
  (await apiClient.patch<DailyReport>(`${REPORTS_PATH}${id}/`, body)).data;
export const submitDailyReport = async (id: number): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/submit/`)).data;
export const approveDailyReport = async (id: number): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/approve/`)).data;
export const returnDailyReport = async (id: number, reason: string): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/return/`, { reason })).data;
