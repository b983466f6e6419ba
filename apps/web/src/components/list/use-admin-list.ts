import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { z } from 'zod';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { Page } from '@ginhawa/contract';
import { getPage, type ListQuerySchema, type ListResource } from '../../lib/list-query';
import type { ListFilter } from './list-filters';

export const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

/** DataGrid sort model → the API's `ordering` (`name`, `-price`); the grid's field names are the API's. */
export const orderingOf = (sortModel: GridSortModel): string | undefined => {
  const [first] = sortModel;
  if (!first?.sort) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

/** Whether the server sorts by `ordering`, asked of the contract's schema (a per-list enum or free text). */
export const acceptsOrdering = (schema: ListQuerySchema, ordering: string): boolean =>
  schema.shape.ordering.safeParse(ordering).success;

const initialFilters = (filters: readonly ListFilter[]): Record<string, string> =>
  Object.fromEntries(filters.map((f) => [f.name, f.initial ?? '']));

/**
 * The state of one server-paged admin list, in one place: paging, sorting, debounced search and
 * filters (any change goes back to page 1), and the page itself read through SWR. The query it
 * sends is the contract's list query, so the parameters are typed by the schema, not by hand.
 */
export const useAdminList = <R, S extends ListQuerySchema>(
  resource: ListResource<R, S>,
  filters: readonly ListFilter[] = [],
  pageSize = 25,
) => {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filterValues, setFilterValues] = useState(() => initialFilters(filters));

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    setPaginationModel((prev) => (prev.page === 0 ? prev : { ...prev, page: 0 }));
  }, [search]);

  const firstPage = () => setPaginationModel((prev) => ({ ...prev, page: 0 }));

  const candidate = orderingOf(sortModel);
  const ordering = candidate !== undefined && acceptsOrdering(resource.schema, candidate) ? candidate : undefined;
  // Filter values are the option strings the query string carries; the server's schema parses them.
  const query = {
    page: paginationModel.page + 1,
    pageSize: paginationModel.pageSize,
    search: search || undefined,
    ordering,
    ...Object.fromEntries(Object.entries(filterValues).map(([name, value]) => [name, value || undefined])),
  } as z.input<S>;
  const swr = useSWR<Page<R>, unknown>(resource.key(query), getPage<R>);

  return {
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel: (model: GridSortModel) => {
      setSortModel(model);
      firstPage();
    },
    searchText,
    setSearchText,
    filters: filterValues,
    setFilter: (name: string, value: string) => {
      setFilterValues((prev) => ({ ...prev, [name]: value }));
      firstPage();
    },
    /** Whether a search or filter narrows the list (the empty text says "nothing matches"). */
    filtered: Boolean(search) || filters.some((f) => filterValues[f.name] !== ''),
    query,
    ...swr,
    /** Loading until the first answer, also after an error while retrying. */
    loading: swr.isLoading || (swr.isValidating && !swr.data),
  };
};
