import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import type { Bank } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { statusFilter } from '../../../components/list/list-filters';
import { statusColumn } from '../../../components/list/list-columns';
import { banksResource } from '../api/get-banks';
import { BankForm } from './bank-form';

/** "0012 3456 7890": account numbers read in groups of four. */
export const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * A phone shows only the first column, and two accounts at one bank ("BDO Unibank") would look
 * the same: there the bank's cell also says whose account it is and the number's last four digits (masked, as the API gives every reader), on a second line.
 * An account switched off gets the Inactive chip beside it from the grid, as every list does (withInactiveChip).
 */
const columnsOf = (phone: boolean): GridColDef<Bank>[] => [
  {
    field: 'name',
    headerName: 'Bank',
    flex: 1,
    minWidth: 150,
    renderCell: phone
      ? ({ row }) => (
          <Box sx={{ py: 1, lineHeight: 1.4 }}>
            {row.name}
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.account_name} {/* The number stays whole on its line when a long account name wraps. */}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                · {row.account_number_masked}
              </Box>
            </Typography>
          </Box>
        )
      : undefined,
  },
  { field: 'account_name', headerName: 'Account name', flex: 1.2, minWidth: 180 },
  {
    field: 'account_number',
    headerName: 'Account number',
    flex: 1,
    minWidth: 170,
    valueFormatter: (value: string) => groupDigits(value),
  },
  statusColumn(),
];

const filters = [statusFilter()];

/** Bank accounts: searched by bank, account name or number, filtered by status. */
export const BankList = () => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => columnsOf(phone), [phone]);
  return (
    <AdminListPage
      resource={banksResource}
      columns={columns}
      filters={filters}
      texts={{ label: 'Bank accounts', one: 'bank account', searchLabel: 'Search banks', addLabel: 'New account' }}
      rowName={(bank) => `${bank.name} ${bank.account_number}`}
      deleteTexts={{
        body: (bank) => (
          <>
            <strong>
              {bank.name} {groupDigits(bank.account_number)}
            </strong>{' '}
            will be deleted. If payments were recorded to it, it is deactivated instead so those payments keep their
            bank.
          </>
        ),
      }}
      form={({ row, onClose }) => <BankForm bank={row} onClose={onClose} />}
    />
  );
};
