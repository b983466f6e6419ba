import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { bankBodySchema, bankListQuerySchema, type Bank } from '@ginhawa/contract';
import { defineResourceScreen } from '../../../components/resource/define-resource-screen';
import { statusFilter } from '../../../components/list/list-filters';
import { statusColumn } from '../../../components/list/list-columns';

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

/** /admin/banks (behind the banks flag): bank accounts, searched by bank, account name or number, filtered by status. */
export const BanksScreen = defineResourceScreen({
  api: '/banks/',
  listQuery: bankListQuerySchema,
  body: bankBodySchema,
  title: 'Banks',
  subtitle: 'Accounts that card and bank-transfer payments go to.',
  texts: { label: 'Bank accounts', one: 'bank account', searchLabel: 'Search banks', addLabel: 'New account' },
  columns: columnsOf,
  filters: [statusFilter()],
  rowName: (bank: Bank) => `${bank.name} ${bank.account_number}`,
  deleteTexts: {
    body: (bank) => (
      <>
        <strong>
          {bank.name} {groupDigits(bank.account_number)}
        </strong>{' '}
        will be deleted. If payments were recorded to it, it is deactivated instead so those payments keep their bank.
      </>
    ),
  },
  form: {
    titles: ['New bank account', 'Edit bank account'],
    addLabel: 'Add account',
    saved: (bank, added) => (added ? `${bank.name} account added.` : `${bank.name} account saved.`),
    fields: [
      {
        name: 'name',
        label: 'Bank',
        required: true,
        // GCash and Maya are paid as "E-wallet" with their reference, no account (decision 0016).
        hint: 'e.g. BDO Unibank, BPI, Metrobank. GCash and Maya need no account here: the desk enters their reference number.',
      },
      { name: 'account_name', label: 'Account name', required: true },
      {
        name: 'account_number',
        label: 'Account number',
        required: true,
        hint: 'Digits; spaces and dashes are fine.',
        numeric: true,
      },
      {
        name: 'is_active',
        active: 'Active: offered for card and transfer payments',
        inactive: 'Inactive: kept for past payments only',
      },
    ],
  },
});
