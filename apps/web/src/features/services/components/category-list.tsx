import { useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../components/snackbar-provider';
import { deleteCategory } from '../api/delete-category';
import { useCategories, usageCount, type Category, type CategoryKind } from '../api/get-categories';
import { useRevalidateServices } from '../api/query';
import { CategoryForm, KIND_LABEL } from './category-form';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { useListState } from '../../../components/admin-list/use-list-state';

const COUNT: Record<CategoryKind, { field: string; header: string; uses: string }> = {
  treatment: { field: 'treatments_count', header: 'Treatments', uses: 'treatments' },
  membership: { field: 'memberships_count', header: 'Memberships', uses: 'memberships' },
};

/** Treatment categories or membership categories tab. */
export const CategoryList = ({ kind }: { kind: CategoryKind }) => {
  const list = useListState();
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const { data, error, isLoading, mutate } = useCategories(kind, list.params);
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const count = COUNT[kind];
  const label = KIND_LABEL[kind];

  const columns = useMemo<GridColDef<Category>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 120 },
      { field: 'description', headerName: 'Description', flex: 2, minWidth: 200, sortable: false },
      { field: count.field, headerName: count.header, width: 120, type: 'number', valueGetter: (_value, row) => usageCount(row) },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 88,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.name}`} onClick={() => setEditing({ category: row })} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.name}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [count],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    await deleteCategory(kind, deleting.id);
    await revalidate();
    showSnackbar(`${deleting.name} deleted.`, 'success');
  };

  return (
    <>
      <ListToolbar
        searchLabel="Search categories"
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel="New category"
        onAdd={() => setEditing({ category: null })}
      />
      <AdminGrid<Category>
        label={`${label}s`}
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
        columnVisibilityModel={phone ? { description: false } : undefined}
        emptyText={list.params.search ? 'No categories match this search.' : 'No categories yet. Add the first one.'}
        onRowClick={(row) => setEditing({ category: row })}
      />
      {editing ? <CategoryForm key={editing.category?.id ?? 'new'} kind={kind} category={editing.category} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog open={deleting !== null} title="Delete category?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>{deleting.name}</strong> will be removed. A category that still has {count.uses} cannot be deleted; move them to another category first.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
