import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import type { Client } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { phoneColumn, statusColumn } from '../../../components/list/list-columns';
import { filteredId, locationFilter, statusFilter } from '../../../components/list/list-filters';
import { paths } from '../../../config/paths';
import { useLocationOptions } from '../../../lib/options';
import { clientsExportUrl, clientsResource } from '../api/get-clients';
import { ClientForm } from './client-form';
import { ClientImportDialog } from './client-import-dialog';

/** Server paging of 100 (issue 11): a front desk scrolls a page, the search finds the rest. */
export const CLIENTS_PAGE_SIZE = 100;

const COLUMNS: GridColDef<Client>[] = [
  { field: 'last_name', headerName: 'Name', flex: 1.3, minWidth: 180, valueGetter: (_value, row) => row.full_name },
  phoneColumn('Mobile'),
  {
    field: 'email',
    headerName: 'Email',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueFormatter: (value: string) => value || '—',
  },
  { field: 'location_name', headerName: 'Home location', flex: 1, minWidth: 150, sortable: false },
  statusColumn({ sortable: false }),
];

/** /admin/clients: every client, searched as you type, filtered by location and activity; create, import, export. */
export const ClientList = () => {
  const locations = useLocationOptions({ activeOnly: false });
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);

  return (
    <AdminListPage
      resource={clientsResource}
      columns={COLUMNS}
      pageSize={CLIENTS_PAGE_SIZE}
      phoneColumns={['last_name', 'phone']}
      filters={[locationFilter(locations.data?.results), statusFilter('true')]}
      texts={{
        label: 'Clients',
        one: 'client',
        searchLabel: 'Name, mobile or email',
        empty: 'No clients yet. Add the first one or import a spreadsheet.',
      }}
      rowName={(client) => client.full_name}
      onOpen={(client) => void navigate(paths.admin.client(client.id))}
      openIcon={<OpenInNewOutlined />}
      deleteTexts={{
        title: 'Remove client?',
        confirmLabel: 'Remove',
        body: (client) => (
          <>
            <strong>{client.full_name}</strong> will be removed. A client with memberships, vouchers or arrivals is
            deactivated instead, so the history stays.
          </>
        ),
      }}
      form={({ row, filters, onClose }) => (
        <ClientForm client={row} defaultLocation={filteredId(filters.location)} onClose={onClose} />
      )}
      toolbar={(query) => (
        <>
          <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            href={clientsExportUrl({ location: query.location, is_active: query.is_active, search: query.search })}
            download
          >
            Export CSV
          </Button>
        </>
      )}
    >
      {importing ? <ClientImportDialog onClose={() => setImporting(false)} /> : null}
    </AdminListPage>
  );
};
