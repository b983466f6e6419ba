import { useEffect, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

export const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

/** DataGrid sort model → the API's `ordering` (`name`, `-price`); the grid's field names are the API's. */
export const orderingOf = (sortModel: GridSortModel): string | undefined => {
  const [first] = sortModel;
  if (!first?.sort) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

/** Paging, sorting and search text of one server-paged list; typing goes back to page 1. */
export const useListState = (pageSize = 25) => {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    setPaginationModel((prev) => (prev.page === 0 ? prev : { ...prev, page: 0 }));
  }, [search]);

  const handleSortModelChange = (model: GridSortModel) => {
    setSortModel(model);
    setPaginationModel((prev) => ({ ...prev, page: 0 }));
  };

  return {
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel: handleSortModelChange,
    searchText,
    setSearchText,
    /** Back to the first page when a filter changes. */
    resetPage: () => setPaginationModel((prev) => ({ ...prev, page: 0 })),
    params: { page: paginationModel.page + 1, pageSize: paginationModel.pageSize, search: search || undefined, ordering: orderingOf(sortModel) },
  };
};
