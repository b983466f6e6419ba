import { EMPLOYEE_KIND_PATH, type DeleteResult, type EmployeeKind } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Deleted, or deactivated when they have recorded work; their login stops either way. */
export const deleteEmployee = async (kind: EmployeeKind, id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`/${EMPLOYEE_KIND_PATH[kind]}/${id}/`)).data;
