import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { categoriesPath, type CategoryKind } from '../../../lib/options';

/** 409 with the reason while treatments (or memberships) still use it. */
export const deleteCategory = async (kind: CategoryKind, id: number): Promise<DeleteResult | undefined> =>
  (await apiClient.delete<DeleteResult | undefined>(`${categoriesPath(kind)}${id}/`)).data;
