import useSWR from 'swr';
import type { DailyReport, DailyReportListQuery, Page } from '@ginhawa/contract';
import { getPage, withQuery } from './list-query';

/**
 * The daily report of one location and day, if one was started (draft, submitted, …). The reports
 * screen shows it, and the sale dialog reads it because an approved report closes the day to sales
 * (the server answers 409), so the dialog says so before "Sell". A feature imports no other
 * feature, so both read it here, under one SWR key.
 */
export const useDayReport = (location: number | null, date: string) =>
  useSWR<Page<DailyReport>, unknown>(
    location && date
      ? withQuery('/reports/', {
          location: String(location),
          date,
          page: 1,
          pageSize: 1,
        } satisfies Partial<DailyReportListQuery>)
      : null,
    getPage<DailyReport>,
  );
