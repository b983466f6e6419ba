import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatDuration, type Treatment } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatPeso } from '../../../lib/format';
import { deleteTreatment } from '../api/delete-treatment';
import { useCategoryOptions } from '../api/get-categories';
import { useTreatments } from '../api/get-treatments';
import { useRevalidateServices } from '../api/query';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { TreatmentForm } from './treatment-form';
import { useListState } from '../../../components/admin-list/use-list-state';

type Editing = { treatment: Treatment | null } | null;

/** Treatments tab: paged on the server, searched by name or category, filtered by category and status. */
export const TreatmentList = () => {
  const list = useListState();
  const [category, setCategory] = useState<number | ''>('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Treatment | null>(null);
  const categories = useCategoryOptions('treatment');
  const { data, error, isLoading, isValidating, mutate } = useTreatments({
    ...list.params,
    category: category === '' ? undefined : category,
    is_active: activeParam(active),
  });
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<Treatment>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 130 },
      { field: 'category', headerName: 'Category', flex: 1, minWidth: 130, valueGetter: (_value, row) => row.category_name },
      { field: 'duration_minutes', headerName: 'Duration', width: 120, valueFormatter: (value: number) => formatDuration(value) },
      { field: 'price', headerName: 'Price', width: 120, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => formatPeso(value) },
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 88,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.name}`} onClick={() => setEditing({ treatment: row })} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.name}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    await deleteTreatment(deleting.id);
    await revalidate();
    showSnackbar(`${deleting.name} deleted.`, 'success');
  };

  const filtered = Boolean(list.params.search) || category !== '' || active !== 'all';

  return (
    <>
      <ListToolbar
        searchLabel="Search treatments"
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel="New treatment"
        onAdd={() => setEditing({ treatment: null })}
      >
        <TextField
          select
          size="small"
          fullWidth={false}
          label="Category"
          value={category === '' ? '' : String(category)}
          onChange={(e) => {
            setCategory(e.target.value === '' ? '' : Number(e.target.value));
            list.resetPage();
          }}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {(categories.data?.results ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
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
      <AdminGrid<Treatment>
        label="Treatments"
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
        columnVisibilityModel={phone ? { category: false, duration_minutes: false, is_active: false } : undefined}
        emptyText={filtered ? 'No treatments match these filters.' : 'No treatments yet. Add the first one.'}
        onRowClick={(row) => setEditing({ treatment: row })}
      />
      {editing ? (
        <TreatmentForm key={editing.treatment?.id ?? 'new'} treatment={editing.treatment} defaultCategory={category === '' ? null : category} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog open={deleting !== null} title="Delete treatment?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.name}</strong> will be removed from the catalogue. A treatment that memberships include cannot be deleted; deactivate it
            instead.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
