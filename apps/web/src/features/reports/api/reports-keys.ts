import { under, useRevalidate } from '../../../lib/list-query';

export const REPORTS_PATH = '/reports/';

/** Every reports read starts with /reports/: an import, a submit or a deletion makes them all stale. */
const stale = under(REPORTS_PATH);
export const useRevalidateReports = () => useRevalidate(stale);
