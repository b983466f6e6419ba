import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Board, BoardReservation } from '@ginhawa/contract';
import { displayTime, isLiveDay, manilaClock } from './floor-time';

/**
 * The phone's view of the day: "Now" (services in progress) and "Next" (booked reservations still
 * ahead, by time); a booked one opens its actions as on the desktop grid. Another day has no "Now":
 * only its bookings.
 */
export const NowNextLists = ({
  board,
  onOpen,
}: {
  board: Board;
  /** Without it (off the desk) the bookings are listed, not buttons. */
  onOpen?: (reservation: BoardReservation) => void;
}) => {
  const live = isLiveDay(board);
  const now = board.queue.filter((q) => q.service);
  const next = board.reservations.filter((r) => r.status === 'booked');
  return (
    <>
      {live ? (
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
          Now
        </Typography>
      ) : null}
      {!live ? null : now.length === 0 ? (
        <Typography color="textSecondary">No service in progress.</Typography>
      ) : (
        <List dense disablePadding aria-label="Now">
          {now.map((q) => (
            <ListItem key={q.therapist} divider disableGutters>
              <ListItemText
                primary={`${q.service?.client_name} with ${q.therapist_name}`}
                secondary={[
                  q.service?.treatment_name,
                  q.service?.room_name,
                  q.service ? `until ${displayTime(manilaClock(q.service.ends_at))}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {live ? 'Next' : 'Booked'}
      </Typography>
      {next.length === 0 ? (
        <Typography color="textSecondary">
          {live ? 'No reservations still to come today.' : 'No reservations booked on this day.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={live ? 'Next' : 'Booked'}>
          {next.map((r) => {
            const text = (
              <ListItemText
                primary={`${displayTime(r.time)} ${r.client_name}`}
                secondary={[r.treatment_name, r.therapist_name ?? 'Any therapist', r.room_name]
                  .filter(Boolean)
                  .join(' · ')}
              />
            );
            return (
              <ListItem key={r.id} divider disablePadding={Boolean(onOpen)} disableGutters={!onOpen}>
                {onOpen ? <ListItemButton onClick={() => onOpen(r)}>{text}</ListItemButton> : text}
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
};
