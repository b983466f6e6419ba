import useSWR from 'swr';
import type { DailyReport, DailyReportBody, DailyReportPatch, DailySalesReport } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, withQuery } from '../../../lib/list-query';
import { REPORTS_PATH } from './reports-keys';

export const dailySalesReportKey = (date: string) => withQuery(`${REPORTS_PATH}get-daily-sales-report/`, { date });

/** Per location for one date: totals by payment method, bank and salesperson, status and variance. */
export const useDailySalesReport = (date: string) =>
  useSWR<DailySalesReport, unknown>(date ? dailySalesReportKey(date) : null, getOne<DailySalesReport>);

/** One report by id: a notification's link names only the id. */
export const useDailyReport = (id: number | null) =>
  useSWR<DailyReport, unknown>(id ? `${REPORTS_PATH}${id}/` : null, getOne<DailyReport>);

export const createDailyReport = async (body: DailyReportBody): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(REPORTS_PATH, body)).data;
export const updateDailyReport = async (id: number, body: DailyReportPatch): Promise<DailyReport> =>
  (await apiClient.patch<DailyReport>(`${REPORTS_PATH}${id}/`, body)).data;
/** `closeEarly`: the Manager was told what is still open today and closes the day anyway (decision 0521). */
export const submitDailyReport = async (id: number, closeEarly = false): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/submit/`, closeEarly ? { close_early: true } : undefined))
    .data;
/** A submitted day back to be completed (a Manager of the branch or an Admin; an approved day stays locked). */
export const reopenDailyReport = async (id: number): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/reopen/`)).data;
export const approveDailyReport = async (id: number): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/approve/`)).data;
export const returnDailyReport = async (id: number, reason: string): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`${REPORTS_PATH}${id}/return/`, { reason })).data;
