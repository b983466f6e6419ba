import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { DailyReport } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { formatDate, formatPeso } from '../../../lib/format';
import { useSubmittedReports } from '../api/get-reports-data';

/**
 * Manager: daily reports submitted and waiting for my approval, oldest first. `linkOf` says where
 * a row opens: the report's own screen, outside /admin, so it opens for Managers and Admins alike
 * (decision 0611).
 */
export const ReportsToApproveTile = ({
  linkOf,
  decides = () => true,
}: {
  linkOf: (report: DailyReport) => string;
  /** The reports this viewer may decide: a Manager's own submission waits for someone else (decision 0504). */
  decides?: (report: DailyReport) => boolean;
}) => {
  const { data, error, isLoading, mutate } = useSubmittedReports(true);
  const mine = data?.results.filter(decides);
  return (
    <Tile
      title="Reports waiting for approval"
      action={mine && mine.length > 0 ? <Typography color="textSecondary">{mine.length}</Typography> : null}
      state={{ isLoading, error, empty: mine?.length === 0, retry: () => void mutate() }}
      errorTitle="Reports could not be loaded"
      emptyTitle="Nothing to approve"
      emptyHint="Submitted daily reports from your locations show up here."
    >
      <List dense disablePadding>
        {/* Each link in its own list item: a <ul> holds only <li>s (axe's `list`). */}
        {mine?.map((r) => (
          <ListItem key={r.id} disablePadding>
            <ListItemButton component={Link} to={linkOf(r)} sx={{ px: 1, borderRadius: 1 }}>
              <ListItemText
                primary={`${r.location_name} · ${formatDate(r.date)}`}
                secondary={`Net ${formatPeso(r.net_total)} from ${r.sales_count} sale${r.sales_count === 1 ? '' : 's'}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};
