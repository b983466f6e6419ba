import type { GridColDef } from '@mui/x-data-grid';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { categoriesResource, usageCount, type Category, type CategoryKind } from '../api/get-categories';
import { CategoryForm, KIND_LABEL } from './category-form';

const columnsOf = (field: string, header: string): GridColDef<Category>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 120 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 200, sortable: false },
  { field, headerName: header, width: 120, type: 'number', valueGetter: (_value, row) => usageCount(row) },
];

const COUNT_FIELD: Record<CategoryKind, string> = { treatment: 'treatments_count', membership: 'memberships_count' };
const COLUMNS: Record<CategoryKind, GridColDef<Category>[]> = {
  treatment: columnsOf(COUNT_FIELD.treatment, 'Treatments'),
  membership: columnsOf(COUNT_FIELD.membership, 'Memberships'),
};
const USES: Record<CategoryKind, string> = { treatment: 'treatments', membership: 'memberships' };

/** Treatment categories or membership categories tab. */
export const CategoryList = ({ kind }: { kind: CategoryKind }) => (
  <AdminListPage
    resource={categoriesResource(kind)}
    columns={COLUMNS[kind]}
    phoneColumns={['name', COUNT_FIELD[kind]]}
    texts={{
      label: `${KIND_LABEL[kind]}s`,
      one: 'category',
      searchLabel: 'Search categories',
      empty: 'No categories yet. Add the first one.',
      noMatch: 'No categories match this search.',
    }}
    deleteTexts={{
      body: (category) => (
        <>
          <strong>{category.name}</strong> will be removed. A category that still has {USES[kind]} cannot be deleted;
          move them to another category first.
        </>
      ),
    }}
    form={({ row, onClose }) => <CategoryForm kind={kind} category={row} onClose={onClose} />}
  />
);
