import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Tile } from '../../../components/tile';
import { useMyNextClients } from '../api/get-my-next-client';

/** A therapist's next booked client today (and the two after), from the floor's reservations. */
export const NextClientTile = ({ therapistId, today }: { therapistId: number; today: string }) => {
  const { data, error, isLoading, mutate } = useMyNextClients(therapistId, today);
  const rows = data?.results ?? [];
  return (
    <Tile
      title="My next client"
      state={{ isLoading, error, empty: rows.length === 0, retry: () => void mutate() }}
      errorTitle="Your bookings could not be loaded"
      emptyTitle="No booking for you today"
      emptyHint="Walk-ins come by the rotation on the floor board."
    >
      <List dense disablePadding>
        {rows.map((r, i) => (
          <ListItem key={r.id} divider disableGutters>
            <ListItemText
              primary={`${i === 0 ? 'Next: ' : ''}${r.time} ${r.client_name}`}
              secondary={[r.treatment_name, `${r.duration_minutes} min`, r.room_name].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: i === 0 ? { fontWeight: 600 } : undefined } }}
            />
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};
