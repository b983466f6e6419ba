import { useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatPhPhone, type Location } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { useListState } from '../../../components/admin-list/use-list-state';
import { deleteLocation } from '../api/delete-location';
import { useLocations, useRevalidateLocations } from '../api/get-locations';
import { LocationForm } from './location-form';

type Editing = { location: Location | null } | null;

/** Locations: paged on the server, searched by name, address or phone, filtered by status. */
export const LocationList = () => {
  const list = useListState();
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useLocations({ ...list.params, is_active: activeParam(active) });
  const revalidate = useRevalidateLocations();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<Location>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 170 },
      { field: 'address', headerName: 'Address', flex: 1.6, minWidth: 200, sortable: false },
      { field: 'phone', headerName: 'Phone', width: 150, sortable: false, valueFormatter: (value: string | null) => formatPhPhone(value) || '—' },
      { field: 'opening_time', headerName: 'Hours', width: 130, valueGetter: (_value, row) => `${row.opening_time}–${row.closing_time}` },
      { field: 'employees_count', headerName: 'Staff', width: 80, align: 'right', headerAlign: 'right', sortable: false },
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.name}`} onClick={() => setEditing({ location: row })} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.name}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await deleteLocation(deleting.id);
    await revalidate();
    showSnackbar(result.message, 'success');
  };

  const filtered = Boolean(list.params.search) || active !== 'all';

  return (
    <>
      <ListToolbar
        searchLabel="Search locations"
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel="New location"
        onAdd={() => setEditing({ location: null })}
      >
        <ActiveFilterSelect
          value={active}
          onChange={(value) => {
            setActive(value);
            list.resetPage();
          }}
        />
      </ListToolbar>
      <AdminGrid<Location>
        label="Locations"
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
        columnVisibilityModel={phone ? { opening_time: false, address: false, phone: false, employees_count: false, is_active: false } : undefined}
        emptyText={filtered ? 'No locations match these filters.' : 'No locations yet. Add the first branch.'}
        onRowClick={(row) => setEditing({ location: row })}
      />
      {editing ? <LocationForm key={editing.location?.id ?? 'new'} location={editing.location} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog open={deleting !== null} title="Delete location?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.name}</strong> will be deleted. If past employees, staff assignments or records refer to it, it is deactivated instead, so its
            history stays. Move its active employees elsewhere first.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
