import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import type { Room } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { statusColumn } from '../../../components/list/list-columns';
import { statusFilter } from '../../../components/list/list-filters';
import { PageHeader } from '../../../components/page-header';
import { roomsResource } from '../api/rooms';
import { RoomForm, RULE_LABELS } from './room-form';

const columns: GridColDef<Room>[] = [
  { field: 'name', headerName: 'Room', flex: 1, minWidth: 140 },
  { field: 'location_name', headerName: 'Branch', flex: 1, minWidth: 140 },
  { field: 'kind', headerName: 'Kind', flex: 0.8, minWidth: 110 },
  { field: 'beds', headerName: 'Beds', width: 80, type: 'number' },
  { field: 'rule', headerName: 'Takes', width: 120, valueFormatter: (value: Room['rule']) => RULE_LABELS[value] },
  statusColumn(),
];

const filters = [statusFilter()];

/** /floor/rooms: each branch's rooms and beds (Admins; Managers of the branch), as the board assigns them. */
export const RoomsScreen = () => (
  <>
    <PageHeader title="Rooms" subtitle="Rooms and beds the floor board assigns and books." />
    <Card>
      <AdminListPage
        resource={roomsResource}
        columns={columns}
        filters={filters}
        texts={{ label: 'Rooms', one: 'room' }}
        rowName={(room) => `${room.name}, ${room.location_name}`}
        deleteTexts={{
          body: (room) => (
            <>
              <strong>{room.name}</strong> will be deleted. If it has bookings, it is deactivated instead so they keep
              their room.
            </>
          ),
        }}
        form={({ row, onClose }) => <RoomForm room={row} onClose={onClose} />}
      />
    </Card>
  </>
);
