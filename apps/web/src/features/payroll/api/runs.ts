import useSWR from 'swr';
import type {
  Page,
  PayRun,
  PayRunBody,
  PayRunDetail,
  PayRunLine,
  PayRunLinesQuery,
  PayRunListQuery,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, getPage, withQuery } from '../../../lib/list-query';
import { RUNS_PATH } from './payroll-keys';

export const runPath = (id: number) => `${RUNS_PATH}${id}/`;
export const runLinesPath = (id: number) => `${runPath(id)}lines/`;

/** The runs of the branches I may read, newest cutoff first (the list's filters narrow it). */
export const useRuns = (query: PayRunListQuery) =>
  useSWR<Page<PayRun>, unknown>(withQuery(RUNS_PATH, query), getPage<PayRun>);

/** One run with its employees and their totals. */
export const useRun = (id: number | null) =>
  useSWR<PayRunDetail, unknown>(id ? runPath(id) : null, getOne<PayRunDetail>);

/** A run's lines, one employee's when given, paged. */
export const useRunLines = (id: number | null, query: PayRunLinesQuery) =>
  useSWR<Page<PayRunLine>, unknown>(id ? withQuery(runLinesPath(id), query) : null, getPage<PayRunLine>);

/** Computes the branch's draft for the cutoff, or computes it again while it is a draft (or returned). */
export const computeRun = async (body: PayRunBody): Promise<PayRunDetail> =>
  (await apiClient.post<PayRunDetail>(RUNS_PATH, body)).data;
export const submitRun = async (id: number): Promise<PayRunDetail> =>
  (await apiClient.post<PayRunDetail>(`${runPath(id)}submit/`)).data;
export const approveRun = async (id: number): Promise<PayRunDetail> =>
  (await apiClient.post<PayRunDetail>(`${runPath(id)}approve/`)).data;
export const returnRun = async (id: number, reason: string): Promise<PayRunDetail> =>
  (await apiClient.post<PayRunDetail>(`${runPath(id)}return/`, { reason })).data;
