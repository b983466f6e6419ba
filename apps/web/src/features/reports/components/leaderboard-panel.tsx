import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/load-error';
import { formatDateRange, formatPeso } from '../../../lib/format';
import { cutoffOf, todayInManila } from '@ginhawa/contract';
import { LEADERBOARD_PATH, useLeaderboard, type LeaderboardPeriod } from '../api/monthly';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable } from '../../../components/figures/figure-table';
import { PeriodFields } from '../../../components/figures/period-fields';
import { CUTOFF_LABELS, MONTH_NAMES } from './report-params';
import { LoadingBlock } from '../../../components/loading-block';

type LeaderboardPanelProps = {
  period: LeaderboardPeriod;
  onChange: (change: Partial<LeaderboardPeriod>) => void;
  /**
   * Whose sale lines the viewer may read (every location's unless said otherwise): the board is
   * company-wide, the lines are not, so another branch's total is plain text rather than a link
   * to an empty list.
   */
  readsLinesAt?: (location: number) => boolean;
};

/** The leaderboard of any month and cutoff; each total opens the sale lines behind it. */
export const LeaderboardPanel = ({ period, onChange, readsLinesAt = () => true }: LeaderboardPanelProps) => {
  const board = useLeaderboard(period);
  const cutoff = period.cutoff ?? cutoffOf(todayInManila());

  let body;
  if (board.error && !board.data)
    body = (
      <LoadError title="The leaderboard could not be loaded" error={board.error} onRetry={() => void board.mutate()} />
    );
  else if (!board.data) body = <LoadingBlock label="Loading the leaderboard" />;
  else {
    const { date_from: from, date_to: to } = board.data;
    const drill = (salesperson: number) =>
      `?${new URLSearchParams({ tab: 'lines', salesperson: String(salesperson), date_from: from, date_to: to }).toString()}`;
    body = (
      <>
        <Typography variant="body2" color="textSecondary">
          {formatDateRange(from, to)} · ranked by net sales
        </Typography>
        {/* Why the board can sum to less than the Location sales tab: a forfeit has no salesperson (decision 0900). */}
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          Forfeited deposits count toward location sales, not any salesperson’s.
        </Typography>
        <FigureTable
          label="Leaderboard"
          rows={board.data.results}
          rowKey={(r) => r.salesperson}
          empty={`No sales in ${MONTH_NAMES[period.month - 1]} ${period.year}, ${CUTOFF_LABELS[cutoff]?.toLowerCase()}.`}
          columns={[
            { label: 'Rank', render: (r) => r.rank },
            { label: 'Salesperson', render: (r) => r.salesperson_name },
            {
              label: 'Net',
              align: 'right',
              render: (r) =>
                readsLinesAt(r.location) ? (
                  <Link
                    component={RouterLink}
                    to={drill(r.salesperson)}
                    // The visible amount first: voice control says what it sees (axe's label-content-name-mismatch).
                    aria-label={`${formatPeso(r.total)}, sale lines of ${r.salesperson_name}`}
                  >
                    {formatPeso(r.total)}
                  </Link>
                ) : (
                  formatPeso(r.total)
                ),
            },
            {
              label: 'Of target',
              align: 'right',
              render: (r) => (r.share_of_target === null ? '—' : `${r.share_of_target}%`),
            },
            // After the figures: a phone shows rank, name and Net before the table scrolls (decision 0620).
            { label: 'Sales', align: 'right', render: (r) => r.count },
            { label: 'Location', render: (r) => r.location_name },
          ]}
        />
      </>
    );
  }

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <PeriodFields month={period.month} year={period.year} cutoff={cutoff} onChange={onChange} />
        <Box sx={{ flexGrow: 1 }} />
        <CsvLink path={LEADERBOARD_PATH} params={{ ...period, cutoff }} />
      </Stack>
      {body}
    </>
  );
};
