import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { GROUPS, type AdminUser, type GroupName } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { useListState } from '../../../components/admin-list/use-list-state';
import { deleteUser } from '../api/delete-user';
import { useGroups, useRevalidateUsers, useUsers } from '../api/get-users';
import { SetPasswordDialog } from './set-password-dialog';
import { UserForm } from './user-form';

type Editing = { user: AdminUser | null } | null;

const lastLogin = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });

/** Sign-in accounts: paged on the server, searched by username, name or email, filtered by group and status. */
export const UserList = () => {
  const list = useListState();
  const [group, setGroup] = useState<GroupName | ''>('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const groups = useGroups();
  const { data, error, isLoading, isValidating, mutate } = useUsers({ ...list.params, group: group || undefined, is_active: activeParam(active) });
  const revalidate = useRevalidateUsers();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<AdminUser>[]>(
    () => [
      { field: 'username', headerName: 'Username', flex: 1, minWidth: 140 },
      { field: 'last_name', headerName: 'Name', flex: 1.2, minWidth: 160, valueGetter: (_value, row) => `${row.first_name} ${row.last_name}`.trim() || '—' },
      {
        field: 'groups',
        headerName: 'Groups',
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', height: '100%' }}>
            {row.groups.length ? row.groups.map((g) => <Chip key={g} size="small" label={g} variant="outlined" />) : '—'}
          </Box>
        ),
      },
      { field: 'location_names', headerName: 'Works at', flex: 1.2, minWidth: 160, sortable: false, valueFormatter: (value: string[]) => value.join(', ') || '—' },
      {
        field: 'last_login',
        headerName: 'Last sign-in',
        width: 170,
        valueFormatter: (value: string | null) => (value ? lastLogin.format(new Date(value)) : 'Never'),
      },
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 130,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.username}`} onClick={() => setEditing({ user: row })} />,
          <GridActionsCellItem key="password" icon={<KeyOutlined />} label={`Set a password for ${row.username}`} onClick={() => setResetting(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.username}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await deleteUser(deleting.id);
    await revalidate();
    showSnackbar(result.message, 'success');
  };

  const filtered = Boolean(list.params.search) || group !== '' || active !== 'all';

  return (
    <>
      <ListToolbar searchLabel="Search users" searchText={list.searchText} onSearchChange={list.setSearchText} addLabel="New user" onAdd={() => setEditing({ user: null })}>
        <TextField
          select
          size="small"
          fullWidth={false}
          label="Group"
          value={group}
          onChange={(e) => {
            setGroup(e.target.value as GroupName | '');
            list.resetPage();
          }}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">All groups</MenuItem>
          {GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
              {groups.data ? ` (${groups.data.find((x) => x.name === g)?.user_count ?? 0})` : ''}
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
      <AdminGrid<AdminUser>
        label="Users"
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
        columnVisibilityModel={phone ? { groups: false, last_name: false, location_names: false, last_login: false, is_active: false } : undefined}
        emptyText={filtered ? 'No users match these filters.' : 'No users yet.'}
        onRowClick={(row) => setEditing({ user: row })}
      />
      {editing ? <UserForm key={editing.user?.id ?? 'new'} user={editing.user} onClose={() => setEditing(null)} /> : null}
      {resetting ? <SetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(null)} /> : null}
      <ConfirmDialog open={deleting !== null} title="Delete user?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.username}</strong> will be deleted. An account that has ever signed in or done anything is deactivated instead, so the record of
            who did what stays; they are signed out everywhere.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
