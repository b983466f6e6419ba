import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import type { Liability, LiabilityFigure } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable, type FigureColumn } from '../../../components/figures/figure-table';
import { formatCount, formatDate, formatPeso } from '../../../lib/format';
import { LIABILITY_PATH, useLiability } from '../api/admin-dashboard';
import { panelState } from './panel-state';

type Line = Liability['locations'][number];

const nothingOwed = (d: Liability) => d.vouchers.count === 0 && d.memberships.count === 0 && d.deposits.count === 0;
const sessions = (n: number) => `${formatCount(n)} ${n === 1 ? 'session' : 'sessions'}`;

/** Pesos owed, with the sessions behind them underneath (two figures in one column keep it phone-wide). */
const Owed = ({ figure }: { figure: LiabilityFigure }) => (
  <>
    {formatPeso(figure.amount)}
    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      {sessions(figure.sessions_remaining)}
    </Typography>
  </>
);

type Owing = Pick<Line, 'vouchers' | 'memberships' | 'deposits' | 'total'>;

/** A phone's one figure column: the total, and under it what vouchers and memberships make of it. */
const TotalOwed = ({ owing }: { owing: Owing }) => (
  <>
    {formatPeso(owing.total)}
    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      Vouchers {formatPeso(owing.vouchers.amount)}
    </Typography>
    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      Memberships {formatPeso(owing.memberships.amount)}
    </Typography>
    {owing.deposits.count ? (
      <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        Deposits {formatPeso(owing.deposits.amount)}
      </Typography>
    ) : null}
  </>
);

const LOCATION: FigureColumn<Line> = {
  label: 'Location',
  // Long branch names wrap, so the figures beside them keep their room.
  render: (l) => (
    <Box component="span" sx={{ whiteSpace: 'normal' }}>
      {l.location_name}
    </Box>
  ),
};

/**
 * Four columns of pesos do not fit 390 px: a phone shows the location and the total with its two
 * parts under it (the sessions are in the CSV and on wider screens; docs/decisions/0621).
 */
const LiabilityTable = ({ data }: { data: Liability }) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns: FigureColumn<Line>[] = phone
    ? [LOCATION, { label: 'Total', align: 'right', render: (l) => <TotalOwed owing={l} /> }]
    : [
        LOCATION,
        { label: 'Vouchers', align: 'right', render: (l) => <Owed figure={l.vouchers} /> },
        { label: 'Memberships', align: 'right', render: (l) => <Owed figure={l.memberships} /> },
        // Reservation deposits held or kept as credit (decision 0520): no sessions, a count of bookings.
        { label: 'Deposits', align: 'right', render: (l) => formatPeso(l.deposits.amount) },
        { label: 'Total', align: 'right', render: (l) => formatPeso(l.total) },
      ];
  const footer = phone
    ? ['All locations', <TotalOwed key="t" owing={data} />]
    : [
        'All locations',
        <Owed key="v" figure={data.vouchers} />,
        <Owed key="m" figure={data.memberships} />,
        formatPeso(data.deposits.amount),
        formatPeso(data.total),
      ];
  return (
    <FigureTable<Line>
      label="Liability by location"
      rows={data.locations}
      rowKey={(l) => l.location}
      empty="No locations."
      columns={columns}
      footer={footer}
    />
  );
};

const peso = (value: number | null) => (value === null ? '' : formatPeso(value));

/**
 * What the business still owes in treatments (decision 0601): per location, vouchers and
 * memberships stacked in the chart, and the same figures with the sessions in the table. The
 * figures are the server's; the chart only plots them.
 */
export const LiabilityPanel = () => {
  const owed = useLiability();
  const theme = useTheme();
  const data = owed.data;
  // Locations that owe nothing stay in the table (a zero is an answer) but make no bar.
  const owing = data?.locations.filter((l) => l.total !== '0.00') ?? [];
  return (
    <Tile
      title="Membership and voucher liability"
      action={<CsvLink path={LIABILITY_PATH} params={{}} label="CSV" />}
      state={panelState(owed, nothingOwed)}
      errorTitle="The liability could not be loaded"
      emptyTitle="Nothing owed in treatments"
      emptyHint="When a client buys a voucher or a membership, the sessions not yet used show here in pesos until they are used, expire or are cancelled."
    >
      {data ? (
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            Sessions sold and not yet used, in pesos, as of {formatDate(data.as_of)}:{' '}
            <strong>{formatPeso(data.total)}</strong>. Expired, cancelled and used-up ones are left out.
          </Typography>
          <Box
            role="img"
            aria-label={`Liability by location as of ${formatDate(data.as_of)}`}
            sx={{ width: '100%', height: { xs: 240, md: 300 } }}
          >
            <BarChart
              xAxis={[{ scaleType: 'band', data: owing.map((l) => l.location_name) }]}
              yAxis={[{ width: 72 }]}
              series={[
                {
                  id: 'vouchers',
                  label: 'Vouchers',
                  stack: 'owed',
                  color: theme.palette.primary.main,
                  data: owing.map((l) => Number(l.vouchers.amount)),
                  valueFormatter: peso,
                },
                {
                  id: 'memberships',
                  label: 'Memberships',
                  stack: 'owed',
                  color: theme.palette.secondary.main,
                  data: owing.map((l) => Number(l.memberships.amount)),
                  valueFormatter: peso,
                },
              ]}
              margin={{ left: 8, right: 16 }}
            />
          </Box>
          <LiabilityTable data={data} />
        </Stack>
      ) : null}
    </Tile>
  );
};
