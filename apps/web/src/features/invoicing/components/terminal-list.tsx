import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPeso, type Terminal } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { statusFilter } from '../../../components/list/list-filters';
import { statusColumn } from '../../../components/list/list-columns';
import { terminalsResource } from '../api/terminals';
import { TerminalForm } from './terminal-form';

/** "SI-1001": the number the terminal's next invoice will carry. */
export const nextInvoice = (terminal: Terminal) => `${terminal.invoice_prefix}${terminal.next_invoice_number}`;

const columnsOf = (phone: boolean): GridColDef<Terminal>[] => [
  {
    field: 'name',
    headerName: 'Terminal',
    flex: 1,
    minWidth: 160,
    renderCell: phone
      ? ({ row }) => (
          <Box sx={{ py: 1, lineHeight: 1.4 }}>
            {row.name}
            <Typography variant="body2" color="textSecondary">
              {row.location_name} · next invoice {nextInvoice(row)}
            </Typography>
          </Box>
        )
      : undefined,
  },
  { field: 'location_name', headerName: 'Branch', flex: 1, minWidth: 150 },
  { field: 'min', headerName: 'MIN', flex: 1, minWidth: 170, sortable: false },
  {
    field: 'next_invoice_number',
    headerName: 'Next invoice',
    minWidth: 130,
    sortable: false,
    valueGetter: (_value, row) => nextInvoice(row),
  },
  {
    field: 'grand_total',
    headerName: 'Grand total',
    minWidth: 150,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string) => formatPeso(value),
  },
  statusColumn(),
];

const filters = [statusFilter()];

/** The desks' terminals: searched by name, MIN, serial or branch; a terminal is deactivated, never deleted. */
export const TerminalList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => columnsOf(phone), [phone]);
  return (
    <AdminListPage
      resource={terminalsResource}
      columns={columns}
      filters={filters}
      texts={{ label: 'Terminals', one: 'terminal', searchLabel: 'Search terminals', addLabel: 'New terminal' }}
      rowName={(terminal) => `${terminal.name} at ${terminal.location_name}`}
      deleteTexts={{
        title: 'Deactivate terminal?',
        confirmLabel: 'Deactivate',
        body: (terminal) => (
          <>
            <strong>
              {terminal.name} at {terminal.location_name}
            </strong>{' '}
            will be deactivated. A terminal is never deleted: its document series and grand total stay with the books.
          </>
        ),
      }}
      form={({ row, onClose }) => <TerminalForm terminal={row} onClose={onClose} />}
    />
  );
};
