import useSWR from 'swr';
import type { DailyReport, DailyReportListQuery, Employee, Page } from '@ginhawa/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { getPage, withQuery } from '../../../lib/list-query';

/*
 * What the sale dialog needs to know before "Sell": who is selling and whether the day is still
 * open. Read here rather than from the dashboard or reports features, because a feature imports
 * no other feature (docs/decisions/0008).
 */

/** The salesperson record behind a login, or null when the login has none (404). */
const getSalesperson = async (key: string): Promise<Employee | null> => {
  try {
    return (await apiClient.get<Employee>(key)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** The signed-in salesperson's own record, so a sale can be credited to them without choosing. */
export const useMySalesperson = (userId: number, enabled: boolean) =>
  useSWR<Employee | null, unknown>(enabled ? `/salespersons/by-user/${userId}/` : null, getSalesperson);

/**
 * The daily report of one location and day, if one was started: an approved one closes the day to
 * sales (the server answers 409), so the dialog says so before anyone presses "Sell".
 */
export const useDayReport = (location: number | null, date: string) =>
  useSWR<Page<DailyReport>, unknown>(
    location
      ? withQuery('/reports/', {
          location: String(location),
          date,
          page: 1,
          pageSize: 1,
        } satisfies Partial<DailyReportListQuery>)
      : null,
    getPage<DailyReport>,
  );
