import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatPhPhone, type Employee, type EmployeeKind } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { useListState } from '../../../components/admin-list/use-list-state';
import { formatPeso } from '../../../lib/format';
import { deleteEmployee } from '../api/delete-employee';
import { useEmployees, useRevalidateEmployees } from '../api/get-employees';
import { useLocationOptions } from '../api/get-location-options';
import { EmployeeForm, KIND_LABELS } from './employee-form';

type Editing = { employee: Employee | null } | null;

/** One kind of employee: paged on the server, searched by name, code or login, filtered by location and status. */
export const EmployeeList = ({ kind }: { kind: EmployeeKind }) => {
  const list = useListState();
  const [location, setLocation] = useState<number | ''>('');
  const [active, setActive] = useState<ActiveFilter>('active');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const locations = useLocationOptions({ activeOnly: false });
  const { data, error, isLoading, isValidating, mutate } = useEmployees(kind, {
    ...list.params,
    location: location === '' ? undefined : location,
    is_active: activeParam(active),
  });
  const revalidate = useRevalidateEmployees();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const labels = KIND_LABELS[kind];

  const columns = useMemo<GridColDef<Employee>[]>(
    () => [
      {
        field: 'last_name',
        headerName: 'Name',
        flex: 1.3,
        minWidth: 170,
        valueGetter: (_value, row) => row.full_name,
        renderCell: ({ row }) => (
          <span>
            {row.full_name}
            {row.username ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {row.username}
              </Typography>
            ) : null}
          </span>
        ),
      },
      { field: 'employee_code', headerName: 'Code', width: 110 },
      { field: 'location_name', headerName: 'Location', flex: 1, minWidth: 150 },
      { field: 'phone', headerName: 'Mobile', width: 150, sortable: false, valueFormatter: (value: string | null) => formatPhPhone(value) || '—' },
      { field: 'hire_date', headerName: 'Hired', width: 115 },
      ...(kind === 'salesperson'
        ? [
            {
              field: 'monthly_target',
              headerName: 'Monthly target',
              width: 150,
              align: 'right',
              headerAlign: 'right',
              valueFormatter: (value: string | null) => (value === null ? '—' : formatPeso(value)),
            } satisfies GridColDef<Employee>,
          ]
        : []),
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.full_name}`} onClick={() => setEditing({ employee: row })} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.full_name}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [kind],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await deleteEmployee(kind, deleting.id);
    await revalidate();
    showSnackbar(result.message, 'success');
  };

  const filtered = Boolean(list.params.search) || location !== '' || active !== 'all';

  return (
    <>
      <ListToolbar
        searchLabel={`Search ${labels.many.toLowerCase()}`}
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel={`Hire a ${labels.one}`}
        onAdd={() => setEditing({ employee: null })}
      >
        <TextField
          select
          size="small"
          fullWidth={false}
          label="Location"
          value={location === '' ? '' : String(location)}
          onChange={(e) => {
            setLocation(e.target.value === '' ? '' : Number(e.target.value));
            list.resetPage();
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All locations</MenuItem>
          {(locations.data?.results ?? []).map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <ActiveFilterSelect
          value={active}
          onChange={(value) => {
            setActive(value);
            list.resetPage();
          }}
        />
      </ListToolbar>
      <AdminGrid<Employee>
        label={labels.many}
        rows={data?.results}
        rowCount={data?.count}
        columns={columns}
        loading={isLoading || (isValidating && !data)}
        error={error}
        onRetry={() => void mutate()}
        paginationModel={list.paginationModel}
        onPaginationModelChange={list.setPaginationModel}
        sortModel={list.sortModel}
        onSortModelChange={list.setSortModel}
        columnVisibilityModel={phone ? { location_name: false, employee_code: false, phone: false, hire_date: false, monthly_target: false, is_active: false } : undefined}
        emptyText={filtered ? `No ${labels.many.toLowerCase()} match these filters.` : `No ${labels.many.toLowerCase()} yet. Hire the first one.`}
        onRowClick={(row) => setEditing({ employee: row })}
      />
      {editing ? (
        <EmployeeForm
          key={editing.employee?.id ?? 'new'}
          kind={kind}
          employee={editing.employee}
          defaultLocation={location === '' ? null : location}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog open={deleting !== null} title={`Remove ${labels.one}?`} confirmLabel="Remove" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.full_name}</strong> will be removed. If they have recorded sales or arrivals, the record is deactivated instead so the history
            stays. {deleting.username ? `Their login (${deleting.username}) stops working.` : ''}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
