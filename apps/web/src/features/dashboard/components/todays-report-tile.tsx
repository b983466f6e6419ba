import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DailySalesReport } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { formatPeso, formatVariance } from '../../../lib/format';
import { useDailySalesReport } from '../api/get-reports-data';

type Day = DailySalesReport['locations'][number];

const STATUS = {
  draft: { label: 'Draft', color: 'default', action: 'Count cash and submit' },
  returned: { label: 'Returned', color: 'warning', action: 'Correct and submit' },
  submitted: { label: 'Submitted', color: 'info', action: 'Open' },
  approved: { label: 'Approved', color: 'success', action: 'Open' },
} as const;
/** A Manager's tiles with no location: they are assigned theirs (an Admin's say where locations are added). */
export const NOT_ASSIGNED = 'Ask an administrator to assign you the locations you manage.';

const NOT_STARTED = { label: 'Not started', color: 'default', action: 'Count cash and submit' } as const;

const DayRow = ({ day, href }: { day: Day; href: string }) => {
  const status = day.status ? STATUS[day.status] : NOT_STARTED;
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1.5, py: 1, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{day.location_name}</Typography>
          <Chip size="small" label={status.label} color={status.color} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          Net {formatPeso(day.net_total)} from {day.count} sale{day.count === 1 ? '' : 's'}
          {day.variance === null ? '' : ` · cash ${formatVariance(day.variance, { midSentence: true })}`}
        </Typography>
      </Box>
      <Button
        component={Link}
        to={href}
        size="small"
        variant={status.action === 'Open' ? 'outlined' : 'contained'}
        aria-label={`${status.action}: ${day.location_name}`}
      >
        {status.action}
      </Button>
    </Box>
  );
};

/**
 * Manager: today's daily report of each location I manage, its status and figures, and the one
 * button that opens it to count the cash and submit (decision 0611).
 */
export const TodaysReportTile = ({
  date,
  linkOf,
  noLocationsHint = NOT_ASSIGNED,
}: {
  date: string;
  linkOf: (location: number, date: string) => string;
  /** What an empty list says: a Manager is assigned locations; an Admin adds the business's first. */
  noLocationsHint?: string;
}) => {
  const { data, error, isLoading, mutate } = useDailySalesReport(date, true);
  return (
    <Tile
      title="Today's report"
      state={{ isLoading, error, empty: data?.locations.length === 0, retry: () => void mutate() }}
      errorTitle="Today's report could not be loaded"
      emptyTitle="No locations to report on"
      emptyHint={noLocationsHint}
    >
      <Box component="ul" aria-label="Today's report by location" sx={{ m: 0, p: 0 }}>
        {data?.locations.map((day) => (
          <DayRow key={day.location} day={day} href={linkOf(day.location, date)} />
        ))}
      </Box>
    </Tile>
  );
};
