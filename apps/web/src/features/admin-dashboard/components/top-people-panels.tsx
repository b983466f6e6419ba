import Typography from '@mui/material/Typography';
import type { Leaderboard } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable } from '../../../components/figures/figure-table';
import { formatPeso } from '../../../lib/format';
import { MONTH_NAMES } from '../../../lib/period';
import {
  ARRIVALS_DATA_PATH,
  LEADERBOARD_PATH,
  monthLeaderboardQuery,
  monthRange,
  useMonthArrivals,
  useMonthLeaderboard,
  type MonthPeriod,
} from '../api/admin-dashboard';
import { panelState } from './panel-state';

/** How many people each top list shows; the CSV has everyone. */
export const TOP = 5;

const monthOf = (period: MonthPeriod) => `${MONTH_NAMES[period.month - 1]} ${period.year}`;

/** The month's leaderboard (cutoff 0, net sales), its first five. */
export const TopSalespeoplePanel = ({ period }: { period: MonthPeriod }) => {
  const board = useMonthLeaderboard(period);
  // The leaderboard lists every active salesperson, those without a sale too: only sellers rank here.
  const sold = (d: Leaderboard) => d.results.filter((r) => r.count > 0);
  const results = board.data ? sold(board.data).slice(0, TOP) : [];
  return (
    <Tile
      title="Top salespeople"
      action={<CsvLink path={LEADERBOARD_PATH} params={monthLeaderboardQuery(period)} label="CSV" />}
      state={panelState(board, (d) => sold(d).length === 0)}
      errorTitle="The leaderboard could not be loaded"
      emptyTitle={`No sales in ${monthOf(period)}`}
      emptyHint="Sales imported on /admin/reports or sold from a client's page rank salespeople here."
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {monthOf(period)}, net sales (the whole month)
      </Typography>
      <FigureTable
        label={`Top salespeople, ${monthOf(period)}`}
        rows={results}
        rowKey={(r) => r.salesperson}
        empty="No sales."
        columns={[
          { label: 'Rank', align: 'right', render: (r) => r.rank },
          // The location under the name, and long names breaking, keep the table phone-wide (the CSV
          // has the location as a column).
          {
            label: 'Salesperson',
            wrap: true,
            render: (r) => (
              <>
                {r.salesperson_name}
                <Typography
                  component="span"
                  variant="caption"
                  color="textSecondary"
                  sx={{ display: 'block', whiteSpace: 'normal' }}
                >
                  {r.location_name}
                </Typography>
              </>
            ),
          },
          { label: 'Net', align: 'right', render: (r) => formatPeso(r.total) },
        ]}
      />
    </Tile>
  );
};

/** Therapists by arrivals served in the month (cancelled left out); equal counts share a rank. */
export const TopTherapistsPanel = ({ period }: { period: MonthPeriod }) => {
  const arrivals = useMonthArrivals(period);
  const all = arrivals.data?.by_therapist ?? [];
  const rows = all.slice(0, TOP).map((t) => ({ ...t, rank: 1 + all.filter((o) => o.count > t.count).length }));
  return (
    <Tile
      title="Top therapists"
      action={<CsvLink path={ARRIVALS_DATA_PATH} params={{ ...monthRange(period), series: 'therapist' }} label="CSV" />}
      state={panelState(arrivals, (d) => d.by_therapist.length === 0)}
      errorTitle="The therapists' arrivals could not be loaded"
      emptyTitle={`No arrivals in ${monthOf(period)}`}
      emptyHint="Each arrival logged at the desk counts for the therapist who served it."
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {monthOf(period)}, arrivals served
      </Typography>
      <FigureTable
        label={`Top therapists, ${monthOf(period)}`}
        rows={rows}
        rowKey={(r) => r.therapist}
        empty="No arrivals."
        columns={[
          { label: 'Rank', align: 'right', render: (r) => r.rank },
          { label: 'Therapist', wrap: true, render: (r) => r.therapist_name },
          { label: 'Arrivals', align: 'right', render: (r) => r.count },
        ]}
      />
    </Tile>
  );
};
