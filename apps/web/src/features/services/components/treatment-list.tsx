import type { GridColDef } from '@mui/x-data-grid';
import { formatDuration, type Treatment } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { namedOptions, statusFilter } from '../../../components/list/list-filters';
import { StatusChip } from '../../../components/list/status-chip';
import { formatPeso } from '../../../lib/format';
import { useCategoryOptions } from '../../../lib/options';
import { treatmentsResource } from '../api/get-treatments';
import { TreatmentForm } from './treatment-form';

const columns: GridColDef<Treatment>[] = [
  { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 130 },
  {
    field: 'category',
    headerName: 'Category',
    flex: 1,
    minWidth: 130,
    valueGetter: (_value, row) => row.category_name,
  },
  {
    field: 'duration_minutes',
    headerName: 'Duration',
    width: 120,
    valueFormatter: (value: number) => formatDuration(value),
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
    field: 'is_active',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => <StatusChip active={row.is_active} />,
  },
];

/** Treatments tab: searched by name or category, filtered by category and status. */
export const TreatmentList = () => {
  const categories = useCategoryOptions('treatment');
  return (
    <AdminListPage
      resource={treatmentsResource}
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
      texts={{ label: 'Treatments', one: 'treatment' }}
      deleteTexts={{
        body: (treatment) => (
          <>
            <strong>{treatment.name}</strong> will be removed from the catalogue. A treatment that memberships include
            cannot be deleted; deactivate it instead.
          </>
        ),
      }}
      form={({ row, filters, onClose }) => (
        <TreatmentForm
          treatment={row}
          defaultCategory={filters.category ? Number(filters.category) : null}
          onClose={onClose}
        />
      )}
    />
  );
};
