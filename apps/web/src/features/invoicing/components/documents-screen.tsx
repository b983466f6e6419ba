import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPeso, type DocumentKind, type InvoiceDocument } from '@ginhawa/contract';
import { AdminListGrid } from '../../../components/list/admin-list-grid';
import { FilterSelect, type ListFilter } from '../../../components/list/list-filters';
import { acceptsOrdering, useAdminList } from '../../../components/list/use-admin-list';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { formatDateTime } from '../../../lib/format';
import { documentsResource } from '../api/documents';
import { DocumentDetail } from './documents-detail';

const KIND_LABELS = {
  invoice: 'Invoice',
  credit_memo: 'Credit memo',
  acknowledgement: 'Acknowledgement',
} as const satisfies Record<DocumentKind, string>;

const kindFilter: ListFilter<'kind'> = {
  name: 'kind',
  label: 'Kind',
  allLabel: 'All kinds',
  options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
  minWidth: 160,
};
const FILTERS = [kindFilter];

const VoidChip = ({ row }: { row: InvoiceDocument }) =>
  row.voided_at ? <Chip label="VOID" color="error" size="small" variant="outlined" /> : null;

const columnsOf = (phone: boolean): GridColDef<InvoiceDocument>[] => [
  {
    field: 'document_no',
    headerName: 'Number',
    flex: 1,
    minWidth: 190,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.4 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {row.document_no} <VoidChip row={row} />
        </Box>
        {phone ? (
          <Typography variant="body2" color="textSecondary">
            {KIND_LABELS[row.kind]} · {row.buyer_name || '—'} · {formatPeso(row.total_due)} ·{' '}
            {formatDateTime(row.issued_at)}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  {
    field: 'kind',
    headerName: 'Kind',
    minWidth: 130,
    valueFormatter: (value: InvoiceDocument['kind']) => KIND_LABELS[value],
  },
  {
    field: 'issued_at',
    headerName: 'Issued',
    minWidth: 180,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  { field: 'buyer_name', headerName: 'Buyer', flex: 1, minWidth: 150 },
  { field: 'terminal_name', headerName: 'Terminal', minWidth: 140 },
  {
    field: 'total_due',
    headerName: 'Total',
    minWidth: 130,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: string) => formatPeso(value),
  },
];

/**
 * /documents (issue 33; decisions 1015–1017): the invoices, credit memos and acknowledgement
 * receipts of the branches the person works at (Admins: all), searched by number or buyer, by kind
 * and day, newest first; a row opens the document. The branch's Managers and Admins (`canCorrect`)
 * void an invoice or issue a credit memo from it.
 */
export const DocumentsScreen = ({
  canCorrect,
  initialSearch = '',
  readingsPath,
}: {
  canCorrect: boolean;
  initialSearch?: string;
  /** Where the terminals' X and Z readings are (the route's link; they sum these documents, decision 1020). */
  readingsPath?: string;
}) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useAdminList(documentsResource, FILTERS);
  const { setSearchText } = list;
  useEffect(() => {
    if (initialSearch) setSearchText(initialSearch);
  }, [initialSearch, setSearchText]);
  const [open, setOpen] = useState<number | null>(null);
  const [day, setDay] = useState('');
  const columns = useMemo(
    () =>
      columnsOf(phone).map((column) => ({
        ...column,
        sortable: acceptsOrdering(documentsResource.schema, column.field),
      })),
    [phone],
  );
  const chooseDay = (value: string) => {
    setDay(value);
    list.setFilter('date_from', value);
    list.setFilter('date_to', value);
  };
  const filtered = list.filtered || day !== '';
  return (
    <>
      <PageHeader
        title="Documents"
        subtitle="Invoices, credit memos and acknowledgement receipts as issued."
        action={
          readingsPath ? (
            <Button variant="outlined" component={Link} to={readingsPath} sx={{ minHeight: 44 }}>
              Readings
            </Button>
          ) : null
        }
      />
      <Card>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', p: { xs: 1.5, sm: 2 } }}>
          <SearchField
            size="small"
            fullWidth={false}
            label="Search number or buyer"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            sx={{ flex: '1 1 220px', maxWidth: { sm: 320 } }}
          />
          <FilterSelect
            filter={kindFilter}
            value={list.filters.kind ?? ''}
            onChange={(value) => list.setFilter('kind', value)}
          />
          <DateField
            label="Day"
            size="small"
            value={day}
            onChange={(event) => chooseDay(event.target.value)}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 200px' } }}
          />
        </Box>
        <AdminListGrid<InvoiceDocument>
          list={list}
          label="Documents"
          columns={columns}
          columnVisibilityModel={
            phone ? { kind: false, issued_at: false, buyer_name: false, terminal_name: false, total_due: false } : {}
          }
          emptyText={filtered ? 'No documents match these filters.' : 'No documents yet: checkouts issue them.'}
          onRowClick={(row) => setOpen(row.id)}
        />
      </Card>
      {open !== null ? (
        <DocumentDetail key={open} id={open} canCorrect={canCorrect} onOpen={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
};
