import type { Employee, EmployeeBody, EmployeeKind, EmployeePatch } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { employeesPath } from './get-employees';

/** Hires someone; with `account` their login is created in the same step. */
export const createEmployee = async (kind: EmployeeKind, body: EmployeeBody): Promise<Employee> =>
  (await apiClient.post<Employee>(employeesPath(kind), body)).data;

export const updateEmployee = async (kind: EmployeeKind, id: number, body: EmployeePatch): Promise<Employee> =>
  (await apiClient.patch<Employee>(`${employeesPath(kind)}${id}/`, body)).data;
