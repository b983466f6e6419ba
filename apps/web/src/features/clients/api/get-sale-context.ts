import useSWR from 'swr';
import type { Employee } from '@ginhawa/contract';
import { ApiError, apiClient } from '../../../lib/api-client';

/*
 * What the sale dialog needs to know before "Sell": who is selling (whether the day is still open
 * is lib/day-report.ts). Read here rather than from the dashboard feature, because a feature imports
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
