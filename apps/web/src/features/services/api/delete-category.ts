import { apiClient } from '../../../lib/api-client';
import { categoriesPath, type CategoryKind } from './get-categories';

/** 409 with the reason while treatments (or memberships) still use it. */
export const deleteCategory = async (kind: CategoryKind, id: number): Promise<void> => {
  await apiClient.delete(`${categoriesPath(kind)}${id}/`);
};
