import { useMemo } from 'react';
import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import {
  DataGrid,
  gridClasses,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { LoadError } from '../load-error';
import { formatCount } from '../../lib/format';
import { withInactiveChip } from './list-columns';
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

/**
 * Every row is as tall as its cells' wrapped text, at every width (docs/decisions/0644): a long
 * rate ("₱200.00 per service"), a target ("Everything (requested bonus)") or a mobile number
 * wraps inside its column instead of ending in "…"; a row of one-line cells keeps the usual 52 px.
 */
const autoHeight = () => 'auto' as const;
const grownCells = {
  // A block, not a flex row: a long single word (an email) then breaks inside the cell.
  display: 'block',
  alignContent: 'center',
  minHeight: 52,
  py: 1,
  overflowWrap: 'break-word',
  lineHeight: 1.43,
} as const;

/**
 * Every column shown. Left out, the grid keeps the last model it was given, so a list opened on a
 * phone and then widened kept only its phone columns: the model is always given (no column menu
 * hides one: disableColumnSelector).
 */
const ALL_COLUMNS: GridColumnVisibilityModel = {};

/** From this page size on, the pager shows above the rows too: nobody scrolls 50 rows down to turn the page. */
const TOP_PAGER_FROM = 50;

/**
 * A Data Grid paged, sorted and searched on the server, with loading, empty and error states. It
 * grows with its rows up to about a screen, then scrolls inside itself under its column headers,
 * which stay in view (MUI X's flex-parent layout with a max height; docs/decisions/0620). Where the
 * visibility model hides the Status column (a phone), an inactive row's first shown cell says Inactive.
 */
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
  const shownColumns = useMemo(
    () => withInactiveChip(columns, columnVisibilityModel),
    [columns, columnVisibilityModel],
  );
  if (error && !rows) {
    return <LoadError title={`The ${label.toLowerCase()} could not be loaded`} error={error} onRetry={onRetry} />;
  }
  const pages = rowCount ?? 0;
  return (
    <Box
      sx={{
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 240,
        maxHeight: { xs: 'calc(100dvh - 140px)', sm: 'calc(100dvh - 96px)' },
      }}
    >
      {paginationModel.pageSize >= TOP_PAGER_FROM && pages > 0 ? (
        <TablePagination
          component="div"
          count={pages}
          page={paginationModel.page}
          rowsPerPage={paginationModel.pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_event, page) => onPaginationModelChange({ ...paginationModel, page })}
          labelDisplayedRows={({ from, to, count }) =>
            `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`
          }
          sx={{ borderTop: '1px solid', borderColor: 'divider', flexShrink: 0 }}
        />
      ) : null}
      <DataGrid<R>
        label={label}
        rows={rows ?? []}
        rowCount={rowCount ?? 0}
        columns={shownColumns}
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
        columnVisibilityModel={columnVisibilityModel ?? ALL_COLUMNS}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        checkboxSelection={Boolean(onRowSelectionModelChange)}
        keepNonExistentRowsSelected
        disableRowSelectionExcludeModel
        rowSelectionModel={rowSelectionModel}
        onRowSelectionModelChange={onRowSelectionModelChange}
        onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
        localeText={{ noRowsLabel: emptyText }}
        getRowHeight={autoHeight}
        sx={{
          border: 0,
          borderTop: '1px solid',
          borderColor: 'divider',
          borderRadius: 0,
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          // Grown cells keep their text level with the name, not at the top.
          [`& .${gridClasses['row--dynamicHeight']} > .${gridClasses.cell}`]: grownCells,
          [`& .${gridClasses['row--dynamicHeight']} > .${gridClasses['cell--textRight']}`]: { textAlign: 'right' },
        }}
      />
    </Box>
  );
};
