import Card from '@mui/material/Card';
import { PageHeader } from '../../../components/page-header';
import { UserList } from '../../../features/users/components/user-list';

/** /admin/users (behind the users flag) */
export const UsersScreen = () => (
  <>
    <PageHeader title="Users" subtitle="Sign-in accounts, their groups and where they work." />
    <Card>
      <UserList />
    </Card>
  </>
);
