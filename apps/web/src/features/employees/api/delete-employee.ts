import type { DeleteResult, EmployeeKind } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { employeesPath } from './get-employees';

/** Deleted, or deactivated when they have recorded work; their login stops either way. */
export const deleteEmployee = async (kind: EmployeeKind, id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`${employeesPath(kind)}${id}/`)).data;
