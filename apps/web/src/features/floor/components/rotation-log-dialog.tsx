import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { RotationAction, RotationLogEntry } from '@ginhawa/contract';
import { DialogTitleBar } from '../../../components/form/dialog-title-bar';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { formatDate } from '../../../lib/format';
import { useRotationLog } from '../api/rotation-log';
import { displayTime, manilaClock } from './floor-time';

/** What each change of the line reads as on the log. */
export const ROTATION_ACTION_LABEL: Record<RotationAction, string> = {
  clock_in: 'Clocked in',
  clock_out: 'Clocked out',
  served: 'Took a walk-in',
  served_requested: 'Served a request',
  finished: 'Service finished',
  skip: 'Turn skipped',
  reorder: 'Line reordered',
  break: 'Break started',
  back_from_break: 'Back from break',
};

/** "14:05 · Turn skipped: Ana Cruz" over "By Maria Santos · Client asked for a woman". */
const LogLine = ({ entry }: { entry: RotationLogEntry }) => (
  <ListItem divider disableGutters>
    <ListItemText
      primary={`${displayTime(manilaClock(entry.at))} · ${ROTATION_ACTION_LABEL[entry.action]}${entry.therapist_name ? `: ${entry.therapist_name}` : ''}`}
      secondary={[entry.actor_name ? `By ${entry.actor_name}` : null, entry.reason || null].filter(Boolean).join(' · ')}
    />
  </ListItem>
);

/**
 * The day's rotation log of a branch (who moved whom, when and why), newest first: what the desk
 * shows a therapist who asks why they were skipped. Revalidated with every other /floor/ read.
 */
export const RotationLogDialog = ({
  location,
  date,
  onClose,
}: {
  location: number;
  date: string;
  onClose: () => void;
}) => {
  const log = useRotationLog(location, date);
  let body;
  if (log.error)
    body = (
      <LoadError title="The rotation log could not be loaded" error={log.error} onRetry={() => void log.mutate()} />
    );
  else if (!log.data) body = <LoadingBlock label="Loading the rotation log" />;
  else if (log.data.length === 0)
    body = (
      <Typography role="status" color="textSecondary">
        No changes to the line yet on this day.
      </Typography>
    );
  else
    body = (
      <List dense disablePadding aria-label="Rotation log">
        {log.data.map((entry) => (
          <LogLine key={entry.id} entry={entry} />
        ))}
      </List>
    );
  return (
    <ResponsiveDialog onClose={onClose} labelledBy="rotation-log-title">
      <DialogTitleBar id="rotation-log-title" title={`Rotation log, ${formatDate(date)}`} onClose={onClose} />
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
};
