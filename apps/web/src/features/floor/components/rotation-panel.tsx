import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import type { QueueEntry, TherapistState } from '@ginhawa/contract';
import { useBackCloses } from '../../../components/form/back-closes';
import { displayTime, manilaClock } from './floor-time';

const STATE_LABEL: Record<TherapistState, string> = {
  available: 'Available',
  in_service: 'In service',
  on_break: 'On break',
  reserved: 'Reserved',
};
/** Filled for who can take a client now, outlined otherwise; default colours keep the text's contrast (axe). */
const STATE_VARIANT: Record<TherapistState, 'filled' | 'outlined'> = {
  available: 'filled',
  in_service: 'outlined',
  on_break: 'outlined',
  reserved: 'outlined',
};

/** What a therapist is doing, in a line under their name. */
const stateLine = (q: QueueEntry): string => {
  if (q.service)
    return `${q.service.client_name}${q.service.room_name ? `, ${q.service.room_name}` : ''} until ${displayTime(manilaClock(q.service.ends_at))}`;
  if (q.reservation)
    return `${q.state === 'reserved' ? 'Held for' : 'Next booked'}: ${q.reservation.client_name} at ${displayTime(manilaClock(q.reservation.starts_at))}`;
  if (q.state === 'on_break' && q.break_since) return `On break since ${displayTime(manilaClock(q.break_since))}`;
  return `On shift since ${displayTime(manilaClock(q.clocked_in_at))}`;
};

export type RotationAction = 'skip' | 'finish' | 'clock_out' | 'start_break' | 'end_break';

const ACTION_LABEL: Record<RotationAction, string> = {
  skip: 'Skip turn…',
  finish: 'Service finished',
  clock_out: 'Clock out',
  start_break: 'Start break',
  end_break: 'End break',
};

/** Who is at the board, for the menu: the desk acts for anyone; a therapist for their own row only (as the server rules). */
export type RotationActor = { frontDesk: boolean; employee: number | null };

/** What may be done to a therapist's row now, in menu order; none shows no menu. */
export const rotationActions = (q: QueueEntry, who: RotationActor): RotationAction[] => {
  const own = who.employee !== null && q.therapist === who.employee;
  if (!who.frontDesk && !own) return [];
  if (q.state === 'in_service') return who.frontDesk && q.service ? ['finish'] : [];
  return [
    ...(who.frontDesk ? (['skip'] as const) : []),
    // A reserved therapist is held for a booking now: the server refuses a break until it is over.
    ...(q.state === 'on_break' ? (['end_break'] as const) : q.state === 'available' ? (['start_break'] as const) : []),
    'clock_out',
  ];
};

const EntryMenu = ({
  entry,
  actions,
  onAction,
}: {
  entry: QueueEntry;
  actions: readonly RotationAction[];
  onAction: (a: RotationAction, q: QueueEntry) => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The phone's Back closes the row's menu, not the page (decision 0643).
  useBackCloses(anchor !== null, () => setAnchor(null));
  const pick = (a: RotationAction) => {
    setAnchor(null);
    onAction(a, entry);
  };
  return (
    <>
      <IconButton
        aria-label={`Actions for ${entry.therapist_name}`}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem key={a} onClick={() => pick(a)}>
            {ACTION_LABEL[a]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** The rotation ("decking"): who takes the next walk-in, in line order, with each therapist's state. */
export const RotationPanel = ({
  queue,
  who,
  onAction,
}: {
  queue: readonly QueueEntry[];
  who: RotationActor;
  onAction: (action: RotationAction, entry: QueueEntry) => void;
}) => {
  if (queue.length === 0)
    return (
      <Typography color="textSecondary" sx={{ py: 1 }}>
        {/* A therapist clocks in only themselves (the server's rule): the desk's instruction is not theirs. */}
        {who.frontDesk
          ? 'Nobody is clocked in yet. Clock therapists in as they arrive; the first in is first in line.'
          : 'Nobody is clocked in yet. Tap Clock in when you arrive; the first in is first in line.'}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Rotation">
      {queue.map((q) => {
        const actions = rotationActions(q, who);
        return (
          <ListItem
            key={q.therapist}
            divider
            disableGutters
            secondaryAction={actions.length ? <EntryMenu entry={q} actions={actions} onAction={onAction} /> : null}
            sx={q.is_next ? { bgcolor: 'action.selected', borderRadius: 1 } : undefined}
          >
            <Typography sx={{ width: 28, flexShrink: 0, fontWeight: 600, pl: 0.5 }} aria-label={`Place ${q.position}`}>
              {q.position}
            </Typography>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {q.therapist_name}
                  <Chip size="small" label={STATE_LABEL[q.state]} variant={STATE_VARIANT[q.state]} />
                  {q.is_next ? <Chip size="small" label="Next" color="primary" /> : null}
                </Box>
              }
              secondary={stateLine(q)}
            />
          </ListItem>
        );
      })}
    </List>
  );
};
