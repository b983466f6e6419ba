import type { GridColDef } from '@mui/x-data-grid';
import type { Location } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { statusFilter } from '../../../components/list/list-filters';
import { phoneColumn, statusColumn } from '../../../components/list/list-columns';
import { locationsResource } from '../api/get-locations';
import { LocationForm } from './location-form';

const columns: GridColDef<Location>[] = [
  { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 170 },
  { field: 'address', headerName: 'Address', flex: 1.6, minWidth: 200, sortable: false },
  phoneColumn('Phone'),
  {
    field: 'opening_time',
    headerName: 'Hours',
    width: 130,
    valueGetter: (_value, row) => `${row.opening_time}–${row.closing_time}`,
  },
  { field: 'employees_count', headerName: 'Staff', width: 80, align: 'right', headerAlign: 'right', sortable: false },
  statusColumn(),
];

const filters = [statusFilter()];

/** Locations: searched by name, address or phone, filtered by status. */
export const LocationList = () => (
  <AdminListPage
    resource={locationsResource}
    columns={columns}
    filters={filters}
    texts={{ label: 'Locations', one: 'location', empty: 'No locations yet. Add the first branch.' }}
    deleteTexts={{
      body: (location) => (
        <>
          <strong>{location.name}</strong> will be deleted. If past employees, staff assignments or records refer to it,
          it is deactivated instead, so its history stays. Move its active employees elsewhere first.
        </>
      ),
    }}
    form={({ row, onClose }) => <LocationForm location={row} onClose={onClose} />}
  />
);
