import { API_URL } from '../../../config/env';
import { under, useRevalidate, withQuery } from '../../../lib/list-query';

export const REPORTS_PATH = '/reports/';

/** Every reports read starts with /reports/: an import, a submit or a deletion makes them all stale. */
const stale = under(REPORTS_PATH);
export const useRevalidateReports = () => useRevalidate(stale);

/** The `?format=csv` link of a report or list: the browser downloads it with the session cookie. */
export const csvHref = (path: string, params: Record<string, unknown>): string => API_URL + withQuery(path, { ...params, format: 'csv' });
