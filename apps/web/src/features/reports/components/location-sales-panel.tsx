import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { todayInManila, type LocationSales } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { formatPeso } from '../../../lib/format';
import { LOCATION_SALES_PATH, useLocationSales, type MonthQuery } from '../api/monthly';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable } from '../../../components/figures/figure-table';
import { PeriodFields } from '../../../components/figures/period-fields';
import { MONTH_NAMES } from './report-params';
import { LoadingBlock } from '../../../components/loading-block';

const daysIn = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Per location, the net sales of each day of the month: the points of the chart (plotted only;
 * sums stay the server's). Days after today (Manila) have no point: they have not happened, they
 * did not sell nothing.
 */
export const chartSeries = (sales: LocationSales, today: string) => {
  const days = Array.from({ length: daysIn(sales.month, sales.year) }, (_, i) => i + 1);
  const dateOf = (day: number) => `${sales.year}-${pad(sales.month)}-${pad(day)}`;
  const series = sales.locations.map((l) => {
    const byDate = new Map(l.days.map((d) => [d.date, d.total]));
    return {
      id: String(l.location),
      label: l.location_name,
      data: days.map((day) => (dateOf(day) > today ? null : Number(byDate.get(dateOf(day)) ?? '0'))),
      valueFormatter: (value: number | null) => (value === null ? '' : formatPeso(value)),
      showMark: false,
      curve: 'linear' as const,
    };
  });
  return { days, series };
};

type LocationSalesPanelProps = {
  period: MonthQuery;
  onChange: (change: Partial<MonthQuery>) => void;
  /** Off where the page has its own month picker (the admin dashboard). */
  showPeriod?: boolean;
  /** Where a location's drill-down to its sale lines goes: this screen (''), /admin/reports, or nowhere (null). */
  linesPath?: string | null;
};

/** Location sales by month: a line per location over the days, and the month's totals as a table. */
export const LocationSalesPanel = ({
  period,
  onChange,
  showPeriod = true,
  linesPath = '',
}: LocationSalesPanelProps) => {
  const sales = useLocationSales(period);
  const first = `${period.year}-${pad(period.month)}-01`;
  const last = `${period.year}-${pad(period.month)}-${pad(daysIn(period.month, period.year))}`;

  let body;
  if (sales.error && !sales.data)
    body = (
      <LoadError
        title="The location sales could not be loaded"
        error={sales.error}
        onRetry={() => void sales.mutate()}
      />
    );
  else if (!sales.data) body = <LoadingBlock label="Loading the location sales" />;
  else {
    const { days, series } = chartSeries(sales.data, todayInManila());
    const empty = sales.data.count === 0;
    body = (
      <Stack spacing={2}>
        {empty ? (
          <Typography role="status" variant="body2" color="textSecondary">
            No sales in {MONTH_NAMES[period.month - 1]} {period.year}.
          </Typography>
        ) : (
          <Box
            sx={{ width: '100%', height: { xs: 260, md: 340 } }}
            aria-label={`Net sales per day, ${MONTH_NAMES[period.month - 1]} ${period.year}`}
            role="img"
          >
            <LineChart
              xAxis={[{ data: days, scaleType: 'point', label: 'Day' }]}
              series={series}
              yAxis={[{ width: 72 }]}
              margin={{ left: 8, right: 16 }}
            />
          </Box>
        )}
        <FigureTable
          label="Sales by location"
          rows={sales.data.locations}
          rowKey={(l) => l.location}
          empty="No locations."
          columns={[
            {
              label: 'Location',
              render: (l) =>
                linesPath === null ? (
                  l.location_name
                ) : (
                  // Long branch names wrap so the net column stays in view on a phone.
                  <Link
                    component={RouterLink}
                    sx={{ whiteSpace: 'normal' }}
                    to={`${linesPath}?${new URLSearchParams({ tab: 'lines', location: String(l.location), date_from: first, date_to: last }).toString()}`}
                  >
                    {l.location_name}
                  </Link>
                ),
            },
            { label: 'Sales', align: 'right', render: (l) => l.count },
            { label: 'Net', align: 'right', render: (l) => formatPeso(l.total) },
          ]}
          footer={['All locations', sales.data.count, formatPeso(sales.data.total)]}
        />
      </Stack>
    );
  }

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {showPeriod ? <PeriodFields month={period.month} year={period.year} onChange={onChange} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        <CsvLink path={LOCATION_SALES_PATH} params={period} />
      </Stack>
      {body}
    </>
  );
};
