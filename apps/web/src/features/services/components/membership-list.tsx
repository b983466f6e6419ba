import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import type { Membership } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { namedOptions, statusFilter } from '../../../components/list/list-filters';
import { StatusChip } from '../../../components/list/status-chip';
import { paths } from '../../../config/paths';
import { formatPeso } from '../../../lib/format';
import { useCategoryOptions } from '../../../lib/options';
import { membershipsResource } from '../api/get-memberships';
import { MembershipForm } from './membership-form';

export const formatValidity = (days: number) => (days === 1 ? '1 day' : `${days} days`);

const columns: GridColDef<Membership>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 120 },
  {
    field: 'categories',
    headerName: 'Categories',
    flex: 1.4,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Box
        sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', overflow: 'hidden', alignItems: 'center', height: '100%' }}
      >
        {row.category_names.map((name) => (
          <Chip key={name} size="small" variant="outlined" label={name} />
        ))}
      </Box>
    ),
  },
  {
    field: 'price',
    headerName: 'Price',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string) => formatPeso(value),
  },
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
  {
    field: 'is_active',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => <StatusChip active={row.is_active} />,
  },
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
      filters={[
        {
          name: 'category',
          label: 'Category',
          allLabel: 'All categories',
          options: namedOptions(categories.data?.results),
        },
        statusFilter(),
      ]}
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
