import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { Tile } from '../../../components/tile';
import { formatPeso } from '../../../lib/format';
import { useRuns } from '../api/runs';
import { RunStatusChip, runTitle } from './run-labels';

/** Managers and Admins: the latest pay runs of their branches, each opening on the pay runs screen. */
export const PayRunsTile = ({ path }: { path: string }) => {
  const { data, error, isLoading, mutate } = useRuns({ ordering: '-year,-month,-cutoff,id', page: 1, pageSize: 5 });
  return (
    <Tile
      title="Pay runs"
      action={
        <Button component={RouterLink} to={path} size="small">
          All pay runs
        </Button>
      }
      state={{ isLoading, error, empty: data?.count === 0, retry: () => void mutate() }}
      errorTitle="The pay runs could not be loaded"
      emptyTitle="No pay runs yet"
      emptyHint="Compute a branch's run for a cutoff on the pay runs screen."
    >
      <List dense disablePadding>
        {(data?.results ?? []).map((run) => (
          // A list's children are items (axe "list"): the link sits inside one.
          <ListItem key={run.id} disablePadding>
            <ListItemButton component={RouterLink} to={`${path}?run=${run.id}`} sx={{ px: 1, gap: 1 }}>
              <ListItemText primary={runTitle(run)} secondary={formatPeso(run.total)} />
              <RunStatusChip status={run.status} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};
