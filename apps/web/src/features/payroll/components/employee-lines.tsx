import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import type { PayRunDetail, PayRunEmployee, PayRunLine } from '@ginhawa/contract';
import { AdminGrid } from '../../../components/list/admin-grid';
import { formatDate, formatPeso } from '../../../lib/format';
import { useRunLines } from '../api/runs';
import { LineSource } from './line-source';
import { SOURCE_LABELS } from './run-labels';

const columns: GridColDef<PayRunLine>[] = [
  { field: 'date', headerName: 'Date', width: 120, valueFormatter: (value: string) => formatDate(value) },
  {
    field: 'source',
    headerName: 'Kind',
    width: 130,
    valueFormatter: (value: PayRunLine['source']) => SOURCE_LABELS[value],
  },
  {
    field: 'description',
    headerName: 'What',
    flex: 1.6,
    // Narrow enough that a phone shows the amount beside it.
    minWidth: 150,
    renderCell: ({ row }) => <LineSource line={row} />,
  },
  {
    field: 'base_amount',
    headerName: 'Base',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string | null) => (value === null ? '—' : formatPeso(value)),
  },
  {
    field: 'rule_label',
    headerName: 'Rule',
    flex: 1,
    minWidth: 160,
    valueGetter: (_value, row) =>
      [row.rule_label, row.split > 1 ? `shared by ${row.split}` : '', row.requested ? 'requested' : '']
        .filter(Boolean)
        .join(' · '),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string) => formatPeso(value),
  },
];

const ON_PHONE = { date: false, source: false, base_amount: false, rule_label: false };

type EmployeeLinesProps = {
  run: PayRunDetail;
  employee: PayRunEmployee;
  statementHref: (run: number, employee: number) => string;
};

/** One employee's lines in a run, date order, each traceable to its arrival, sale or the line it adjusts. */
export const EmployeeLines = ({ run, employee, statementHref }: EmployeeLinesProps) => {
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const lines = useRunLines(run.id, {
    employee: String(employee.employee),
    ordering: 'date,id',
    page: paging.page + 1,
    pageSize: paging.pageSize,
  });
  return (
    <>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {employee.employee_name}: {formatPeso(employee.total)}
        </Typography>
        <Button
          component={RouterLink}
          to={statementHref(run.id, employee.employee)}
          variant="outlined"
          size="small"
          startIcon={<PrintOutlined />}
        >
          Statement
        </Button>
      </Stack>
      <AdminGrid<PayRunLine>
        label={`Lines of ${employee.employee_name}`}
        rows={lines.data?.results}
        rowCount={lines.data?.count}
        columns={columns}
        columnVisibilityModel={phone ? ON_PHONE : undefined}
        loading={lines.isLoading}
        error={lines.error}
        onRetry={() => void lines.mutate()}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        emptyText="No lines for this person in this run."
      />
    </>
  );
};
