import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { formatPhPhone } from '@ginhawa/contract';
import { formatPeso } from '../../lib/format';
import { NoteChip, StatusChip } from './status-chip';

/**
 * The columns the administration lists share, so a status, an amount, a mobile number or a row of
 * names reads the same on every list. `extra` changes a width or switches sorting off.
 */
type Extra<R extends GridValidRowModel> = Partial<GridColDef<R>>;

/** A text column that shows something other than its field (the field is what the list sorts by). */
export const derivedColumn = <R extends GridValidRowModel>(
  field: string,
  headerName: string,
  text: (row: R) => string,
  extra: Extra<R> = {},
): GridColDef<R> => ({ field, headerName, flex: 1, minWidth: 130, valueGetter: (_value, row) => text(row), ...extra });

/**
 * What the Status column says of an active row instead of Active ("Password not chosen"), or null.
 * An inactive row says Inactive: nobody signs in with it, so nothing else about it is urgent.
 */
export type StatusNote<R> = (row: R) => string | null;
type StatusColDef<R extends GridValidRowModel> = GridColDef<R> & { statusNote?: StatusNote<R> };

/** Active or inactive, as a chip; with `note`, the note's chip instead of Active on the rows it names. */
export const statusColumn = <R extends GridValidRowModel & { is_active: boolean }>(
  extra: Extra<R> = {},
  note?: StatusNote<R>,
): GridColDef<R> => {
  const column: StatusColDef<R> = {
    field: 'is_active',
    headerName: 'Status',
    width: note ? 180 : 110,
    renderCell: ({ row }) => {
      const said = row.is_active ? note?.(row) : null;
      return said ? <NoteChip label={said} /> : <StatusChip active={row.is_active} />;
    },
    // Kept on the column so a phone, where the column is hidden, marks the row the same way (withInactiveChip).
    statusNote: note,
    ...extra,
  };
  return column;
};

/**
 * What marks a row where the Status column is hidden: Inactive, or else the column's note. Null
 * when the columns have no Status column.
 */
export const rowMarks = <R extends GridValidRowModel>(columns: readonly GridColDef<R>[]) => {
  const status: StatusColDef<R> | undefined = columns.find((c) => c.field === 'is_active');
  if (!status) return null;
  return (row: R) => {
    const inactive = row.is_active === false;
    return { inactive, note: inactive ? null : (status.statusNote?.(row) ?? null) };
  };
};

/** MUI X Data Grid's standard row height, which a marked row keeps when its chip fits beside the content. */
const ROW_HEIGHT = 52;

/**
 * Where the Status column is hidden (a phone shows only its first columns), an inactive row would look
 * like an active one: the first column shown then carries the Inactive chip, and the Status column's
 * note if it has one, beside its own content (under it in a narrow column, rather than cutting a name
 * to "Coff…"). Unmarked rows keep the column's own rendering (undefined: the grid's default text).
 */
export const withInactiveChip = <R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  visibility: GridColumnVisibilityModel | undefined,
): GridColDef<R>[] => {
  const marks = rowMarks(columns);
  if (visibility?.is_active !== false || !marks) return columns;
  const first = columns.find((c) => c.type !== 'actions' && visibility[c.field] !== false);
  if (!first) return columns;
  const own = first.renderCell;
  const marked: GridColDef<R> = {
    ...first,
    renderCell: (params) => {
      const { inactive, note } = marks(params.row);
      if (!inactive && !note) return own?.(params);
      const text = own ? undefined : String(params.formattedValue ?? params.value ?? '');
      return (
        // Wraps under the content when both do not fit on one line (AdminGrid lets such a row grow).
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            alignContent: 'center',
            columnGap: 1,
            rowGap: 0.5,
            minWidth: 0,
            minHeight: ROW_HEIGHT,
            py: 0.75,
          }}
        >
          <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }} title={text}>
            {own ? own(params) : text}
          </Box>
          <Box sx={{ flexShrink: 0, display: 'flex', gap: 0.5 }}>
            {inactive ? <StatusChip active={false} /> : null}
            {note ? <NoteChip label={note} /> : null}
          </Box>
        </Box>
      );
    },
  };
  return columns.map((c) => (c === first ? marked : c));
};

/** A peso amount, right-aligned; a null amount (no target) shows a dash. */
export const pesoColumn = <R extends GridValidRowModel>(
  field: string,
  headerName: string,
  extra: Extra<R> = {},
): GridColDef<R> => ({
  field,
  headerName,
  width: 120,
  align: 'right',
  headerAlign: 'right',
  valueFormatter: (value: string | null) => (value === null ? '—' : formatPeso(value)),
  ...extra,
});

/**
 * A Philippine mobile or landline number as people write it, on one line (its spaces do not break:
 * the column is wide enough for it, decision 0644); a dash when there is none.
 */
export const phoneColumn = <R extends GridValidRowModel>(headerName: string, extra: Extra<R> = {}): GridColDef<R> => ({
  field: 'phone',
  headerName,
  width: 150,
  sortable: false,
  valueFormatter: (value: string | null) => (formatPhPhone(value) || '—').replace(/ /g, '\u00a0'),
  ...extra,
});

/** Names as small outlined chips on one line (categories, groups); a dash when there are none. */
export const chipsColumn = <R extends GridValidRowModel>(
  field: string,
  headerName: string,
  names: (row: R) => readonly string[],
  extra: Extra<R> = {},
): GridColDef<R> => ({
  field,
  headerName,
  flex: 1.2,
  minWidth: 170,
  sortable: false,
  renderCell: ({ row }) => {
    const shown = names(row);
    return (
      <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden', alignItems: 'center', height: '100%' }}>
        {shown.length ? shown.map((name) => <Chip key={name} size="small" variant="outlined" label={name} />) : '—'}
      </Box>
    );
  },
  ...extra,
});
