import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import type { Membership } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { chipsColumn, pesoColumn, statusColumn } from '../../../components/list/list-columns';
import { categoryFilter, statusFilter } from '../../../components/list/list-filters';
import { paths } from '../../../config/paths';
import { useCategoryOptions } from '../../../lib/options';
import { membershipsResource } from '../api/get-memberships';
import { MembershipForm } from './membership-form';

export const formatValidity = (days: number) => (days === 1 ? '1 day' : `${days} days`);

const columns: GridColDef<Membership>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 120 },
  chipsColumn('categories', 'Categories', (row) => row.category_names, { flex: 1.4, minWidth: 180 }),
  pesoColumn('price', 'Price'),
  {
    field: 'validity_days',
    headerName: 'Valid for',
    width: 110,
    valueFormatter: (value: number) => formatValidity(value),
  },
  {
    field: 'allowed_treatments_count',
    headerName: 'Includes',
    width: 130,
    valueFormatter: (value: number) => (value === 1 ? '1 treatment' : `${value} treatments`),
  },
  statusColumn(),
];

/** Memberships tab: opening one goes to its page, where categories and included treatments are edited. */
export const MembershipList = () => {
  const categories = useCategoryOptions('membership');
  const navigate = useNavigate();
  const openPage = (membership: Membership) => void navigate(paths.admin.membership(membership.id));
  return (
    <AdminListPage
      resource={membershipsResource}
      columns={columns}
      phoneColumns={['name', 'price']}
      filters={[categoryFilter(categories.data?.results), statusFilter()]}
      texts={{ label: 'Memberships', one: 'membership' }}
      onOpen={openPage}
      openIcon={<TuneOutlined />}
      deleteTexts={{
        body: (membership) => (
          <>
            <strong>{membership.name}</strong> and the list of treatments it includes will be removed. To stop selling
            it but keep it for existing members, deactivate it instead.
          </>
        ),
      }}
      form={({ onClose }) => <MembershipForm membership={null} onClose={onClose} onSaved={openPage} />}
    />
  );
};
