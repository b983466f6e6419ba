import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { manilaDateTime } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { useMyNextClients, useMyService } from '../api/get-my-next-client';

/**
 * A therapist's service in progress, if any (a walk-in has no booking, but it is what they are
 * doing), then their next booked client today (and the two after), from the floor.
 */
export const NextClientTile = ({ therapistId, today }: { therapistId: number; today: string }) => {
  const { data, error, isLoading, mutate } = useMyNextClients(therapistId, today);
  const now = useMyService(therapistId);
  const rows = data?.results ?? [];
  const service = now.service;
  return (
    <Tile
      title="My next client"
      state={{
        isLoading: isLoading || now.isLoading,
        error: error ?? now.error,
        empty: rows.length === 0 && !service,
        retry: () => (error ? void mutate() : now.retry()),
      }}
      errorTitle="Your bookings could not be loaded"
      emptyTitle="No booking for you today"
      emptyHint="Walk-ins come by the rotation on the floor board."
    >
      <List dense disablePadding>
        {service ? (
          <ListItem divider disableGutters>
            <ListItemText
              primary={`Now: ${service.client_name}`}
              secondary={[
                service.treatment_name,
                service.room_name,
                `until ${manilaDateTime(new Date(service.ends_at)).time}`,
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItem>
        ) : null}
        {service && rows.length === 0 ? (
          <ListItem disableGutters>
            <ListItemText secondary="No other booking for you today." />
          </ListItem>
        ) : null}
        {rows.map((r, i) => (
          <ListItem key={r.id} divider disableGutters>
            <ListItemText
              primary={`${i === 0 ? 'Next: ' : ''}${r.time} ${r.client_name}`}
              secondary={[r.treatment_name, `${r.duration_minutes} min`, r.room_name].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: i === 0 && !service ? { fontWeight: 600 } : undefined } }}
            />
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};
