import type { CategoryBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { categoriesPath, type Category, type CategoryKind } from './get-categories';

export const createCategory = async (kind: CategoryKind, body: CategoryBody): Promise<Category> =>
  (await apiClient.post<Category>(categoriesPath(kind), body)).data;

export const updateCategory = async (kind: CategoryKind, id: number, body: CategoryBody): Promise<Category> =>
  (await apiClient.patch<Category>(`${categoriesPath(kind)}${id}/`, body)).data;
