import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { PAY_RUN_STATUSES, type PayRun, type PayRunDetail } from '@ginhawa/contract';
import { AdminGrid } from '../../../components/list/admin-grid';
import { FilterSelect, namedOptions, type ListFilter } from '../../../components/list/list-filters';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatPeso } from '../../../lib/format';
import { recentYears } from '../../../lib/period';
import { useRevalidatePayroll } from '../api/payroll-keys';
import { useRuns } from '../api/runs';
import { NewRunDialog } from './new-run-dialog';
import type { PayrollChange, PayrollParams } from './payroll-params';
import { periodLabel, RUN_STATUS_LABELS, RunStatusChip, runTitle } from './run-labels';

const PAGE_SIZE = 25;

/** The list's filters: branch, year and status (the params of the same names). */
const filtersOf = (locations: RunsPanelProps['locations']): ListFilter<'location' | 'year' | 'status'>[] => [
  { name: 'location', label: 'Branch', allLabel: 'All branches', options: namedOptions(locations), minWidth: 180 },
  {
    name: 'year',
    label: 'Year',
    allLabel: 'All years',
    options: recentYears().map((y) => ({ value: String(y), label: String(y) })),
    minWidth: 120,
  },
  {
    name: 'status',
    label: 'Status',
    allLabel: 'All',
    options: PAY_RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS_LABELS[s] })),
    minWidth: 140,
  },
];
/**
 * A phone shows the cutoff and the total, the status under the total: a Status column beside them
 * left the cutoff "1st–15th Nov…" and the grid wider than the screen (docs/decisions/0621). The
 * branch, status and head count get their own columns from sm up.
 */
const ON_PHONE = { location_name: false, status: false, employee_count: false };

/** A link, so the keyboard and a middle click open a run as well as a row click does. */
const RunLink = ({ run }: { run: PayRun }) => (
  <Link component={RouterLink} to={`?run=${run.id}`}>
    {periodLabel(run)}
  </Link>
);

/**
 * On a phone, where the Branch column is hidden, the cutoff names its branch under it: the same
 * cutoff of two branches would otherwise read as two identical rows.
 */
const columnsOf = (phone: boolean): GridColDef<PayRun>[] => [
  {
    field: 'period',
    headerName: 'Cutoff',
    flex: 1.2,
    // Cutoff, status and total fit a phone's width side by side.
    minWidth: 120,
    sortable: false,
    valueGetter: (_value, row) => periodLabel(row),
    renderCell: ({ row }) =>
      phone ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ lineHeight: 1.3 }}>
            <RunLink run={row} />
          </Typography>
          <Typography variant="caption" color="textSecondary" noWrap sx={{ lineHeight: 1.3 }}>
            {row.location_name}
          </Typography>
        </Box>
      ) : (
        <RunLink run={row} />
      ),
  },
  { field: 'location_name', headerName: 'Branch', flex: 1, minWidth: 130, sortable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 100,
    sortable: false,
    renderCell: ({ row }) => <RunStatusChip status={row.status} />,
  },
  { field: 'employee_count', headerName: 'People', width: 90, align: 'right', headerAlign: 'right', sortable: false },
  {
    field: 'total',
    headerName: 'Total',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    valueFormatter: (value: string) => formatPeso(value),
    renderCell: phone
      ? ({ row, formattedValue }) => (
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-end',
              justifyContent: 'center',
              gap: 0.25,
              height: '100%',
            }}
          >
            <Typography variant="body2" sx={{ lineHeight: 1.3 }}>
              {formattedValue}
            </Typography>
            <RunStatusChip status={row.status} />
          </Box>
        )
      : undefined,
  },
];

type RunsPanelProps = {
  params: PayrollParams;
  onChange: (change: PayrollChange) => void;
  /** The branches this person runs payroll for (every branch for Admins). */
  locations: readonly { id: number; name: string }[];
};

/** The pay runs by branch and cutoff, newest first, with their status; a row opens the run. */
export const RunsPanel = ({ params, onChange, locations }: RunsPanelProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidatePayroll();
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => columnsOf(phone), [phone]);
  const runs = useRuns({
    location: params.location ? String(params.location) : undefined,
    year: params.year ?? undefined,
    status: params.status ?? undefined,
    ordering: '-year,-month,-cutoff,id',
    page: params.page,
    pageSize: PAGE_SIZE,
  });
  const filtered = Boolean(params.location ?? params.year ?? params.status);

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {filtersOf(locations).map((filter) => (
          <FilterSelect
            key={filter.name}
            filter={filter}
            value={String(params[filter.name] ?? '')}
            onChange={(value) => onChange({ [filter.name]: value, page: null })}
          />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          New pay run
        </Button>
      </Stack>
      <AdminGrid<PayRun>
        label="Pay runs"
        rows={runs.data?.results}
        rowCount={runs.data?.count}
        columns={columns}
        columnVisibilityModel={phone ? ON_PHONE : undefined}
        loading={runs.isLoading}
        error={runs.error}
        onRetry={() => void runs.mutate()}
        paginationModel={{ page: params.page - 1, pageSize: PAGE_SIZE }}
        onPaginationModelChange={(model) => onChange({ page: model.page + 1 })}
        emptyText={
          filtered ? 'No pay runs match these filters.' : 'No pay runs yet. Compute the first one with New pay run.'
        }
        onRowClick={(run) => onChange({ run: run.id, employee: null })}
      />
      {creating ? (
        <NewRunDialog
          locations={locations}
          location={params.location}
          onClose={() => setCreating(false)}
          onComputed={async (run: PayRunDetail) => {
            setCreating(false);
            showSnackbar(`Draft computed: ${runTitle(run)}, ${formatPeso(run.total)}.`, 'success');
            await revalidate();
            onChange({ run: run.id, employee: null });
          }}
        />
      ) : null}
    </>
  );
};
