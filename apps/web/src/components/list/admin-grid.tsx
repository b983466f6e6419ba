import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { LoadError } from '../load-error';
import { PAGE_SIZES } from './use-admin-list';

type AdminGridProps<R extends GridValidRowModel> = {
  /** The list's name, used for the grid's label and the error title. */
  label: string;
  rows: R[] | undefined;
  rowCount: number | undefined;
  columns: GridColDef<R>[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Left out: the list has one order, set by its query, and its headers do not sort. */
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  columnVisibilityModel?: GridColumnVisibilityModel;
  /** What an empty page says (nothing yet, or nothing matches the filters). */
  emptyText: string;
  onRowClick?: (row: R) => void;
  /**
   * Given: rows get checkboxes (the header's picks the loaded page); the choice survives paging and
   * is always the chosen ids (`type: 'include'`), never "all but".
   */
  rowSelectionModel?: GridRowSelectionModel;
  onRowSelectionModelChange?: (model: GridRowSelectionModel) => void;
};

/** A Data Grid paged, sorted and searched on the server, with loading, empty and error states. */
export const AdminGrid = <R extends GridValidRowModel>({
  label,
  rows,
  rowCount,
  columns,
  loading,
  error,
  onRetry,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
  columnVisibilityModel,
  emptyText,
  onRowClick,
  rowSelectionModel,
  onRowSelectionModelChange,
}: AdminGridProps<R>) => {
  if (error && !rows) {
    return <LoadError title={`The ${label.toLowerCase()} could not be loaded`} error={error} onRetry={onRetry} />;
  }
  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid<R>
        label={label}
        rows={rows ?? []}
        rowCount={rowCount ?? 0}
        columns={columns}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        disableColumnSorting={!onSortModelChange}
        pageSizeOptions={PAGE_SIZES}
        columnVisibilityModel={columnVisibilityModel}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        checkboxSelection={Boolean(onRowSelectionModelChange)}
        keepNonExistentRowsSelected
        disableRowSelectionExcludeModel
        rowSelectionModel={rowSelectionModel}
        onRowSelectionModelChange={onRowSelectionModelChange}
        autoHeight
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        localeText={{ noRowsLabel: emptyText }}
        sx={{
          border: 0,
          borderTop: '1px solid',
          borderColor: 'divider',
          borderRadius: 0,
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        }}
      />
    </Box>
  );
};
