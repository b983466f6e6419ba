import useSWR from 'swr';
import type { DailyReport, DayStatus } from '@ginhawa/contract';
import { apiClient } from './api-client';
import { getOne, under, useRevalidate, withQuery } from './list-query';
import type { Prefetch } from './swr';

/** How often a screen left open asks again whether the branch's books were closed meanwhile. */
const EVERY_MINUTE = 60_000;

const dayStatusKey = (location: number) => withQuery('/reports/day-status/', { location: String(location) });

/** Started by /floor's route with the board (decision 1050). */
export const prefetchDayStatus = (prefetch: Prefetch, location: number) =>
  prefetch(dayStatusKey(location), getOne<DayStatus>);

/**
 * A branch's today (decision 0521): whether its books are closed (report submitted or approved),
 * by whom and when, in the server's words. The floor board and every desk dialog read it before a
 * form is filled; a feature imports no other feature, so they read it here, under one SWR key (a
 * report's submit, reopen or approval revalidates every /reports/ read).
 */
export const useDayStatus = (location: number | null) =>
  useSWR<DayStatus, unknown>(location ? dayStatusKey(location) : null, getOne<DayStatus>, {
    refreshInterval: EVERY_MINUTE,
  });

/** Every /reports/ read (the day's status among them): a reopened day is read again everywhere. */
const reportsStale = under('/reports/');
export const useRevalidateDay = () => useRevalidate(reportsStale);

/** A Manager of the branch or an Admin reopens a submitted day (decisions 0521, 0915). */
export const reopenDay = async (report: number): Promise<DailyReport> =>
  (await apiClient.post<DailyReport>(`/reports/${report}/reopen/`, {})).data;
