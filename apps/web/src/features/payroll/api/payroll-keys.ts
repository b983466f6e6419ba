import { under, useRevalidate } from '../../../lib/list-query';

export const PAYROLL_PATH = '/payroll/';
export const RUNS_PATH = `${PAYROLL_PATH}runs/`;
export const RULES_PATH = `${PAYROLL_PATH}commission-rules/`;
/**
 * A person's own earnings. The live provider revalidates every key under this path when the
 * server says earnings moved (features/notifications/live), so the tile's key must stay under it.
 */
export const MY_EARNINGS_PATH = `${PAYROLL_PATH}my-earnings/`;

/** A computed, submitted or decided run changes its lines, its totals and the runs list at once. */
const stale = under(PAYROLL_PATH);
export const useRevalidatePayroll = () => useRevalidate(stale);
