import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import type { Membership } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { paths } from '../../../config/paths';
import { formatPeso } from '../../../lib/format';
import { deleteMembership } from '../api/delete-membership';
import { useCategoryOptions } from '../api/get-categories';
import { useMemberships } from '../api/get-memberships';
import { useRevalidateServices } from '../api/query';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { MembershipForm } from './membership-form';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { useListState } from '../../../components/admin-list/use-list-state';

export const formatValidity = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** Memberships tab: opening one goes to its page, where categories and included treatments are edited. */
export const MembershipList = () => {
  const list = useListState();
  const [category, setCategory] = useState<number | ''>('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Membership | null>(null);
  const categories = useCategoryOptions('membership');
  const { data, error, isLoading, mutate } = useMemberships({
    ...list.params,
    category: category === '' ? undefined : category,
    is_active: activeParam(active),
  });
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<Membership>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 120 },
      {
        field: 'categories',
        headerName: 'Categories',
        flex: 1.4,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', overflow: 'hidden', alignItems: 'center', height: '100%' }}>
            {row.category_names.map((name) => (
              <Chip key={name} size="small" variant="outlined" label={name} />
            ))}
          </Box>
        ),
      },
      { field: 'price', headerName: 'Price', width: 120, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => formatPeso(value) },
      { field: 'validity_days', headerName: 'Valid for', width: 110, valueFormatter: (value: number) => formatValidity(value) },
      {
        field: 'allowed_treatments_count',
        headerName: 'Includes',
        width: 130,
        valueFormatter: (value: number) => (value === 1 ? '1 treatment' : `${value} treatments`),
      },
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 88,
        getActions: ({ row }) => [
          <GridActionsCellItem key="open" icon={<TuneOutlined />} label={`Edit ${row.name}`} onClick={() => void navigate(paths.admin.membership(row.id))} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.name}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [navigate],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    await deleteMembership(deleting.id);
    await revalidate();
    showSnackbar(`${deleting.name} deleted.`, 'success');
  };

  const filtered = Boolean(list.params.search) || category !== '' || active !== 'all';

  return (
    <>
      <ListToolbar
        searchLabel="Search memberships"
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel="New membership"
        onAdd={() => setCreating(true)}
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
      <AdminGrid<Membership>
        label="Memberships"
        rows={data?.results}
        rowCount={data?.count}
        columns={columns}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        paginationModel={list.paginationModel}
        onPaginationModelChange={list.setPaginationModel}
        sortModel={list.sortModel}
        onSortModelChange={list.setSortModel}
        columnVisibilityModel={phone ? { categories: false, validity_days: false, allowed_treatments_count: false, is_active: false } : undefined}
        emptyText={filtered ? 'No memberships match these filters.' : 'No memberships yet. Add the first one.'}
        onRowClick={(row) => void navigate(paths.admin.membership(row.id))}
      />
      {creating ? <MembershipForm membership={null} onClose={() => setCreating(false)} onSaved={(m) => void navigate(paths.admin.membership(m.id))} /> : null}
      <ConfirmDialog open={deleting !== null} title="Delete membership?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.name}</strong> and the list of treatments it includes will be removed. To stop selling it but keep it for existing members,
            deactivate it instead.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
