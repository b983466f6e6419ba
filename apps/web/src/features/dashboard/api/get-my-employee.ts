import useSWR from 'swr';
import { EMPLOYEE_KIND_PATH, type Employee, type EmployeeKind } from '@ginhawa/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { Prefetch } from '../../../lib/swr';

export const myEmployeeKey = (kind: EmployeeKind, userId: number) => `/${EMPLOYEE_KIND_PATH[kind]}/by-user/${userId}/`;

/** The employee record behind a login; none (null) is an answer for a group without a record. */
const getMyEmployee = async (key: string): Promise<Employee | null> => {
  try {
    return (await apiClient.get<Employee>(key)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** Started by the dashboard's and the floor's routes before their code has arrived (decision 1050). */
export const prefetchMyEmployee = (prefetch: Prefetch, kind: EmployeeKind, userId: number) =>
  prefetch(myEmployeeKey(kind, userId), getMyEmployee);

/** Sales and arrivals are filed under employee ids, not user ids: this finds mine. */
export const useMyEmployee = (kind: EmployeeKind, userId: number, enabled = true) =>
  useSWR<Employee | null, unknown>(enabled ? myEmployeeKey(kind, userId) : null, getMyEmployee);
