import { useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Bank } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ActiveFilterSelect, activeParam, type ActiveFilter } from '../../../components/admin-list/active-filter';
import { AdminGrid } from '../../../components/admin-list/admin-grid';
import { ConfirmDialog } from '../../../components/admin-list/confirm-dialog';
import { ListToolbar } from '../../../components/admin-list/list-toolbar';
import { StatusChip } from '../../../components/admin-list/status-chip';
import { useListState } from '../../../components/admin-list/use-list-state';
import { deleteBank } from '../api/delete-bank';
import { useBanks, useRevalidateBanks } from '../api/get-banks';
import { BankForm } from './bank-form';

type Editing = { bank: Bank | null } | null;

/** "0012 3456 7890": account numbers read in groups of four. */
export const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Bank accounts: paged on the server, searched by bank, account name or number, filtered by status. */
export const BankList = () => {
  const list = useListState();
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Bank | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useBanks({ ...list.params, is_active: activeParam(active) });
  const revalidate = useRevalidateBanks();
  const { showSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<Bank>[]>(
    () => [
      { field: 'name', headerName: 'Bank', flex: 1, minWidth: 150 },
      { field: 'account_name', headerName: 'Account name', flex: 1.2, minWidth: 180 },
      { field: 'account_number', headerName: 'Account number', flex: 1, minWidth: 170, valueFormatter: (value: string) => groupDigits(value) },
      { field: 'is_active', headerName: 'Status', width: 110, renderCell: ({ row }) => <StatusChip active={row.is_active} /> },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlined />} label={`Edit ${row.name} ${row.account_number}`} onClick={() => setEditing({ bank: row })} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlined />} label={`Delete ${row.name} ${row.account_number}`} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [],
  );

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await deleteBank(deleting.id);
    await revalidate();
    showSnackbar(result.message, 'success');
  };

  const filtered = Boolean(list.params.search) || active !== 'all';

  return (
    <>
      <ListToolbar searchLabel="Search banks" searchText={list.searchText} onSearchChange={list.setSearchText} addLabel="New account" onAdd={() => setEditing({ bank: null })}>
        <ActiveFilterSelect
          value={active}
          onChange={(value) => {
            setActive(value);
            list.resetPage();
          }}
        />
      </ListToolbar>
      <AdminGrid<Bank>
        label="Bank accounts"
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
        columnVisibilityModel={phone ? { account_name: false, account_number: false, is_active: false } : undefined}
        emptyText={filtered ? 'No bank accounts match these filters.' : 'No bank accounts yet. Add the first one.'}
        onRowClick={(row) => setEditing({ bank: row })}
      />
      {editing ? <BankForm key={editing.bank?.id ?? 'new'} bank={editing.bank} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog open={deleting !== null} title="Delete bank account?" confirmLabel="Delete" onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <strong>
              {deleting.name} {groupDigits(deleting.account_number)}
            </strong>{' '}
            will be deleted. If payments were recorded to it, it is deactivated instead so those payments keep their bank.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
