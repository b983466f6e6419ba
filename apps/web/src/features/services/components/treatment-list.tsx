import type { GridColDef } from '@mui/x-data-grid';
import { formatDuration, type Treatment } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { derivedColumn, pesoColumn, statusColumn } from '../../../components/list/list-columns';
import { categoryFilter, filteredId, statusFilter } from '../../../components/list/list-filters';
import { useCategoryOptions } from '../../../lib/options';
import { treatmentsResource } from '../api/get-treatments';
import { TreatmentForm } from './treatment-form';

const columns: GridColDef<Treatment>[] = [
  { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 130 },
  derivedColumn('category', 'Category', (row) => row.category_name),
  {
    field: 'duration_minutes',
    headerName: 'Duration',
    width: 120,
    valueFormatter: (value: number) => formatDuration(value),
  },
  pesoColumn('price', 'Price'),
  statusColumn(),
];

/** Treatments tab: searched by name or category, filtered by category and status. */
export const TreatmentList = () => {
  const categories = useCategoryOptions('treatment');
  return (
    <AdminListPage
      resource={treatmentsResource}
      columns={columns}
      phoneColumns={['name', 'price']}
      filters={[categoryFilter(categories.data?.results), statusFilter()]}
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
        <TreatmentForm treatment={row} defaultCategory={filteredId(filters.category)} onClose={onClose} />
      )}
    />
  );
};
