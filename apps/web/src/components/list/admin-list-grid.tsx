import type { ComponentProps } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ListQuerySchema } from '../../lib/list-query';
import { AdminGrid } from './admin-grid';
import type { useAdminList } from './use-admin-list';

/** What the grid reads of a `useAdminList` state. */
type ListState<R> = Pick<
  ReturnType<typeof useAdminList<R, ListQuerySchema>>,
  'data' | 'loading' | 'error' | 'mutate' | 'paginationModel' | 'setPaginationModel' | 'sortModel' | 'setSortModel'
>;

type Wired =
  | 'rows'
  | 'rowCount'
  | 'loading'
  | 'error'
  | 'onRetry'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'sortModel'
  | 'onSortModelChange';

/**
 * The AdminGrid of one `useAdminList` state: the page's rows and count, loading and error (with
 * Retry), paging and sorting come from the list; the rest (label, columns, empty text, row click)
 * is the screen's.
 */
export const AdminListGrid = <R extends GridValidRowModel>({
  list,
  ...grid
}: { list: ListState<R> } & Omit<ComponentProps<typeof AdminGrid<R>>, Wired>) => (
  <AdminGrid<R>
    rows={list.data?.results}
    rowCount={list.data?.count}
    loading={list.loading}
    error={list.error}
    onRetry={() => void list.mutate()}
    paginationModel={list.paginationModel}
    onPaginationModelChange={list.setPaginationModel}
    sortModel={list.sortModel}
    onSortModelChange={list.setSortModel}
    {...grid}
  />
);
