import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Tile } from '../../../components/tile';
import { formatDate, formatDateRange, formatPeso } from '../../../lib/format';
import { useMyEarnings } from '../api/my-earnings';

/** The latest lines shown under the total; the statement on payday has them all. */
const LATEST = 5;

/**
 * Therapists and salespersons: what I have earned so far this cutoff, from my services and sales,
 * with the latest lines. It moves within a second of an arrival or sale of mine: the live channel
 * revalidates every /payroll/my-earnings/ read (features/notifications/live).
 */
export const EarnedTile = () => {
  const { data, error, isLoading, mutate } = useMyEarnings();
  return (
    <Tile
      title="Earned this cutoff"
      state={{ isLoading, error, empty: false, retry: () => void mutate() }}
      errorTitle="Your earnings could not be loaded"
      emptyTitle=""
    >
      {data ? (
        <>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="earned-this-cutoff">
            {formatPeso(data.total)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatDateRange(data.date_from, data.date_to)} · services {formatPeso(data.arrivals_total)} · sales{' '}
            {formatPeso(data.sales_total)}
          </Typography>
          {data.lines.length ? (
            <List dense disablePadding aria-label="Latest earnings" sx={{ mt: 1 }}>
              {data.lines.slice(0, LATEST).map((line, i) => (
                <ListItem key={`${line.source}-${line.source_id ?? 'pool'}-${i}`} disableGutters>
                  <ListItemText
                    primary={line.description}
                    secondary={`${formatDate(line.date)} · ${line.rule_label}`}
                  />
                  <Box sx={{ pl: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatPeso(line.amount)}
                  </Box>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              Nothing yet this cutoff: your services and sales add up here as they are logged.
            </Typography>
          )}
        </>
      ) : null}
    </Tile>
  );
};
