import useSWR from 'swr';
import type { Employee } from '@ginhawa/contract';
import { ApiError, apiClient } from '../../../lib/api-client';

/*
 * What the sale dialog needs to know before "Sell": who is selling (whether the day is still open
 * is lib/day-report.ts); and the arrival card, who is at the desk. Read here rather than from the dashboard feature, because a feature imports
 * no other feature (docs/decisions/0008).
 */

/** The employee record behind a login, or null when the login has none (404). */
const getOwnRecord = async (key: string): Promise<Employee | null> => {
  try {
    return (await apiClient.get<Employee>(key)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** The signed-in person's own record of one kind (`/salespersons/by-user/{id}/`, `/receptionists/by-user/{id}/`). */
const useMyRecord = (kind: 'salespersons' | 'receptionists', userId: number, enabled: boolean) =>
  useSWR<Employee | null, unknown>(enabled ? `/${kind}/by-user/${userId}/` : null, getOwnRecord);

/** The signed-in salesperson's own record, so a sale can be credited to them without choosing. */
export const useMySalesperson = (userId: number, enabled: boolean) => useMyRecord('salespersons', userId, enabled);

/** The signed-in receptionist's own record, so an arrival names who received the client without choosing. */
export const useMyReceptionist = (userId: number, enabled: boolean) => useMyRecord('receptionists', userId, enabled);
