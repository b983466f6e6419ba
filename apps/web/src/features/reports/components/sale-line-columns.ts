import type { GridColDef } from '@mui/x-data-grid';
import { PAYMENT_METHOD_LABELS, SALE_KIND_LABELS, type SaleLineRead } from '@ginhawa/contract';
import { formatDate, formatPeso } from '../../../lib/format';

/**
 * The sale lines' columns, Net right after the date so a phone shows it without scrolling
 * (decision 0620); the order is the query's (newest day first), so headers do not sort.
 */
export const SALE_LINE_COLUMNS: GridColDef<SaleLineRead>[] = [
  { field: 'date', headerName: 'Date', width: 110, valueFormatter: (value: string) => formatDate(value) },
  {
    field: 'net_amount',
    headerName: 'Net',
    width: 130,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string) => formatPeso(value),
  },
  { field: 'location_name', headerName: 'Location', flex: 1, minWidth: 120 },
  // A forfeited deposit has no salesperson (decision 0900).
  {
    field: 'salesperson_name',
    headerName: 'Salesperson',
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: string | null) => value ?? '—',
  },
  {
    field: 'kind',
    headerName: 'Kind',
    width: 150,
    valueFormatter: (value: SaleLineRead['kind']) => SALE_KIND_LABELS[value],
  },
  {
    field: 'payment_method',
    headerName: 'Paid by',
    width: 130,
    valueFormatter: (value: SaleLineRead['payment_method']) => PAYMENT_METHOD_LABELS[value],
  },
  { field: 'bank_name', headerName: 'Bank', flex: 1, minWidth: 120, valueFormatter: (value) => value ?? '—' },
];
