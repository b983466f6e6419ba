import type { z } from 'zod';
import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from './api-client';
import { under, withQuery, type ListQuerySchema, type ListResource } from './list-query';

/**
 * The calls of a plain resource at `path` (`/banks/`): a page, create, change, delete, and which
 * cached reads a write makes stale. What `defineResourceScreen` (components/resource) reads and
 * writes through, so a plain resource's screen needs no api/ folder of its own (decision 0732).
 */
export type RestResource<R, S extends ListQuerySchema, B> = {
  list: ListResource<R, S>;
  create: (body: B) => Promise<R>;
  update: (id: number, body: Partial<B>) => Promise<R>;
};

export const restResource = <R extends { id: number }, S extends ListQuerySchema, B>(
  path: string,
  schema: S,
): RestResource<R, S, B> => {
  const stale = under(path);
  return {
    list: {
      schema,
      key: (query: z.input<S>) => withQuery(path, query as Record<string, unknown>),
      stale,
      remove: async (row) => (await apiClient.delete<DeleteResult>(`${path}${row.id}/`)).data,
    },
    create: async (body) => (await apiClient.post<R>(path, body)).data,
    update: async (id, body) => (await apiClient.patch<R>(`${path}${id}/`, body)).data,
  };
};
