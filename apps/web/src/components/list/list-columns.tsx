import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatPhPhone } from '@ginhawa/contract';
import { formatPeso } from '../../lib/format';
import { StatusChip } from './status-chip';

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

/** Active or inactive, as a chip. */
export const statusColumn = <R extends GridValidRowModel & { is_active: boolean }>(
  extra: Extra<R> = {},
): GridColDef<R> => ({
  field: 'is_active',
  headerName: 'Status',
  width: 110,
  renderCell: ({ row }) => <StatusChip active={row.is_active} />,
  ...extra,
});

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

/** A Philippine mobile or landline number as people write it; a dash when there is none. */
export const phoneColumn = <R extends GridValidRowModel>(headerName: string, extra: Extra<R> = {}): GridColDef<R> => ({
  field: 'phone',
  headerName,
  width: 150,
  sortable: false,
  valueFormatter: (value: string | null) => formatPhPhone(value) || '—',
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
