import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { EMPLOYEE_KIND_PATH, type Employee, type EmployeeKind, type Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { withQuery, type ListParams } from '../../../components/admin-list/query-string';

export const employeesPath = (kind: EmployeeKind) => `/${EMPLOYEE_KIND_PATH[kind]}/`;

export type EmployeeListParams = ListParams & { location?: number; is_active?: boolean; has_login?: boolean };

export const employeesKey = (kind: EmployeeKind, params: EmployeeListParams) => withQuery(employeesPath(kind), params);

const getPage = async (key: string): Promise<Page<Employee>> => (await apiClient.get<Page<Employee>>(key)).data;

/** One page of salespersons, therapists or receptionists, searched, filtered and ordered on the server. */
export const useEmployees = (kind: EmployeeKind, params: EmployeeListParams) => useSWR<Page<Employee>, unknown>(employeesKey(kind, params), getPage);

/** After a write every cached employee read (all three kinds) is refetched. */
export const useRevalidateEmployees = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => typeof key === 'string' && Object.values(EMPLOYEE_KIND_PATH).some((segment) => key.startsWith(`/${segment}/`))),
    [mutate],
  );
};
