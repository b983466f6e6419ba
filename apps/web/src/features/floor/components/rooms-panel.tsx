import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { BoardRoom } from '@ginhawa/contract';
import { displayTime, manilaClock } from './floor-time';

const RULE: Record<BoardRoom['rule'], string> = { any: '', women: 'women only', men: 'men only' };

/** Rooms with their beds in use now and until when. */
export const RoomsPanel = ({ rooms }: { rooms: readonly BoardRoom[] }) => {
  if (rooms.length === 0)
    return (
      <Typography color="textSecondary" sx={{ py: 1 }}>
        No rooms on file for this branch. A Manager adds them under Rooms; until then services take no room.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Rooms">
      {rooms.map((room) => (
        <ListItem key={room.id} divider disableGutters>
          <ListItemText
            primary={`${room.name} · ${room.free_beds} of ${room.beds} free`}
            secondary={
              [
                [room.kind, RULE[room.rule]].filter(Boolean).join(', '),
                ...room.occupied.map(
                  (o) =>
                    `Bed ${o.bed}: ${o.client_name}${o.therapist_name ? ` with ${o.therapist_name}` : ''} until ${displayTime(manilaClock(o.ends_at))}`,
                ),
              ].join(' · ') || undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
};
