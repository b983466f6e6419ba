import { useState } from 'react';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { GROUPS, type AdminUser } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { statusFilter, type ListFilter } from '../../../components/list/list-filters';
import { chipsColumn, derivedColumn, statusColumn } from '../../../components/list/list-columns';
import { formatDateTime } from '../../../lib/format';
import { useGroups, usersResource } from '../api/get-users';
import { SetPasswordDialog } from './set-password-dialog';
import { PASSWORD_NOT_CHOSEN, UserForm } from './user-form';

// The minimum widths with the three actions fit the list at 1280 px, so Delete is not scrolled off
// (Name, Groups and Works at gave 70 px to the Status column's "Password not chosen").
const columns: GridColDef<AdminUser>[] = [
  { field: 'username', headerName: 'Username', flex: 1, minWidth: 120 },
  derivedColumn('last_name', 'Name', (row) => `${row.first_name} ${row.last_name}`.trim() || '—', {
    flex: 1.2,
    minWidth: 130,
  }),
  chipsColumn('groups', 'Groups', (row) => row.groups, { minWidth: 125 }),
  {
    field: 'location_names',
    headerName: 'Works at',
    flex: 1.2,
    minWidth: 115,
    sortable: false,
    valueFormatter: (value: string[]) => value.join(', ') || '—',
  },
  {
    field: 'last_login',
    headerName: 'Last sign-in',
    width: 170,
    valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
  },
  // Who still signs in with a password someone else set (decision 0017): the Admin can tell them.
  statusColumn({}, (row) => (row.must_change_password ? PASSWORD_NOT_CHOSEN : null)),
];

/** Sign-in accounts: searched by username, name or email, filtered by group and status. */
export const UserList = () => {
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const groups = useGroups();
  const groupFilter: ListFilter<'group'> = {
    name: 'group',
    label: 'Group',
    allLabel: 'All groups',
    options: GROUPS.map((g) => ({
      value: g,
      label: groups.data ? `${g} (${groups.data.find((x) => x.name === g)?.user_count ?? 0})` : g,
    })),
  };

  return (
    <AdminListPage
      resource={usersResource}
      columns={columns}
      filters={[groupFilter, statusFilter()]}
      texts={{ label: 'Users', one: 'user', empty: 'No users yet.' }}
      rowName={(user) => user.username}
      actions={(user) => [
        <GridActionsCellItem
          key="password"
          icon={<KeyOutlined />}
          label={`Set a password for ${user.username}`}
          onClick={() => setResetting(user)}
        />,
      ]}
      deleteTexts={{
        body: (user) => (
          <>
            <strong>{user.username}</strong> will be deleted. An account that has ever signed in or done anything is
            deactivated instead, so the record of who did what stays; they are signed out everywhere.
          </>
        ),
      }}
      form={({ row, onClose }) => <UserForm user={row} onClose={onClose} />}
    >
      {resetting ? <SetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(null)} /> : null}
    </AdminListPage>
  );
};
