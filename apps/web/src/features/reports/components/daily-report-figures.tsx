import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHOD_LABELS, type DailySalesReport, type PaymentMethod } from '@ginhawa/contract';
import { FigureTable } from '../../../components/figures/figure-table';
import { formatPeso, formatVariance, varianceKind } from '../../../lib/format';

export type LocationFigures = DailySalesReport['locations'][number];
type Amount = LocationFigures['by_payment_method'][number];
type AmountFilter = 'payment_method' | 'bank' | 'salesperson';

/** Where a figure's sale lines are listed (the Reports screen's lines tab), or nothing to link to. */
export type LinesHref = ((extra?: Record<string, string>) => string) | undefined;

type Tone = 'error' | 'warning' | 'success';

const Figure = ({ label, value, tone }: { label: string; value: string; tone?: Tone }) => (
  <Box role="group" aria-label={label} sx={{ minWidth: 120 }}>
    {/* Palette names ("error"), not paths ("error.main"): Typography's `color` takes no path and drops one silently. */}
    <Typography variant="caption" color="textSecondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" color={tone ?? 'textPrimary'}>
      {value}
    </Typography>
  </Box>
);

// Short is money missing (red), over is a miscount to look into (amber), balanced is green; the words say it too.
const VARIANCE_TONES = { short: 'error', over: 'warning', balanced: 'success' } as const satisfies Record<string, Tone>;

/**
 * The day's headline: net, count, discounts, the service charge collected on top of the net, the
 * cash the till should hold (cash sales and cash service charges, cash deposits received less those
 * handed back), deposits received and applied, cash counted and the variance in words ("₱50.00
 * short", decisions 0505, 0506 and 0520).
 */
export const DaySummary = ({ figures }: { figures: LocationFigures | null }) => (
  <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
    <Figure label="Net sales" value={formatPeso(figures?.net_total ?? '0.00')} />
    <Figure label="Sales" value={String(figures?.count ?? 0)} />
    <Figure label="Discounts" value={formatPeso(figures?.discount_total ?? '0.00')} />
    <Figure label="Service charge (on top)" value={formatPeso(figures?.service_charge_total ?? '0.00')} />
    <Figure label="Cash expected" value={formatPeso(figures?.cash_expected ?? '0.00')} />
    <Figure label="Deposits received" value={formatPeso(figures?.deposits.received_total ?? '0.00')} />
    <Figure label="Deposits applied" value={formatPeso(figures?.deposits.applied_total ?? '0.00')} />
    <Figure label="Cash on hand" value={figures?.cash_on_hand == null ? '—' : formatPeso(figures.cash_on_hand)} />
    <Figure
      label="Variance"
      value={figures?.variance == null ? '—' : formatVariance(figures.variance)}
      tone={figures?.variance == null ? undefined : VARIANCE_TONES[varianceKind(figures.variance)]}
    />
  </Stack>
);

const TITLES: Record<AmountFilter, string> = {
  payment_method: 'By payment method',
  bank: 'By bank',
  salesperson: 'By salesperson',
};
const COLUMN_LABELS: Record<AmountFilter, string> = {
  payment_method: 'Payment method',
  bank: 'Bank',
  salesperson: 'Salesperson',
};

const amountColumns = (filter: AmountFilter, linesHref: LinesHref) => [
  {
    label: COLUMN_LABELS[filter],
    // Three cards nest here; at 390 px a name kept on one line pushed the totals out of view.
    wrap: true,
    render: (a: Amount) => {
      const name = filter === 'payment_method' ? (PAYMENT_METHOD_LABELS[a.key as PaymentMethod] ?? a.name) : a.name;
      if (!linesHref) return name;
      return (
        <Link component={RouterLink} to={linesHref(a.key ? { [filter]: a.key } : {})}>
          {name}
        </Link>
      );
    },
  },
  { label: 'Sales', align: 'right' as const, render: (a: Amount) => a.count },
  { label: 'Net', align: 'right' as const, render: (a: Amount) => formatPeso(a.total) },
  // Collected on top of the net: a card or e-wallet batch settles both (decision 0505).
  { label: 'Service charge', align: 'right' as const, render: (a: Amount) => formatPeso(a.service_charge) },
];

/** A sale is counted once a day but once under each method it was paid by (decision 0508): say so when they differ. */
const paidTwoWays = (figures: LocationFigures | null) =>
  !!figures && figures.by_payment_method.reduce((n, m) => n + m.count, 0) > figures.count;

/** The day's totals by payment method, bank and salesperson, each name a link to its lines when there is a list. */
export const DayBreakdown = ({ figures, linesHref }: { figures: LocationFigures | null; linesHref: LinesHref }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    }}
  >
    {(
      [
        ['payment_method', figures?.by_payment_method ?? []],
        ['bank', figures?.by_bank ?? []],
        ['salesperson', figures?.by_salesperson ?? []],
      ] as const
    ).map(([filter, rows]) => (
      <Card key={filter} variant="outlined">
        <CardContent>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {TITLES[filter]}
          </Typography>
          <FigureTable
            label={TITLES[filter]}
            rows={rows}
            rowKey={(a) => `${a.key}-${a.name}`}
            empty="No sales."
            columns={amountColumns(filter, linesHref)}
          />
          {filter === 'payment_method' && paidTwoWays(figures) ? (
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
              A visit paid partly by its deposit and partly at the desk by another method is a sale under each.
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    ))}
  </Box>
);

type Deposits = LocationFigures['deposits'];
const methodName = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/**
 * Deposits are money received, not sales (decision 0520): those taken this day, by method, bank and
 * reference, and those applied to this day's visits (their money counted on the day received).
 */
export const DayDeposits = ({ deposits }: { deposits: Deposits | undefined }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Deposits received
        </Typography>
        <FigureTable
          label="Deposits received"
          rows={deposits?.received ?? []}
          rowKey={(d) => d.reservation}
          empty="No deposits taken this day."
          columns={[
            { label: 'Client', wrap: true, render: (d) => d.client_name },
            {
              label: 'Method',
              wrap: true,
              render: (d) =>
                [methodName(d.payment_method), d.bank_name, d.reference_no].filter((part) => part).join(' · '),
            },
            { label: 'Amount', align: 'right', render: (d) => formatPeso(d.amount) },
          ]}
        />
      </CardContent>
    </Card>
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Deposits applied to this day’s visits
        </Typography>
        <FigureTable
          label="Deposits applied"
          rows={deposits?.applied ?? []}
          rowKey={(d) => d.reservation}
          empty="No deposits applied this day."
          columns={[
            { label: 'Client', wrap: true, render: (d) => d.client_name },
            {
              label: 'Received',
              wrap: true,
              render: (d) => `${methodName(d.payment_method)}${d.received_on ? `, ${d.received_on}` : ''}`,
            },
            { label: 'Applied', align: 'right', render: (d) => formatPeso(d.applied) },
          ]}
        />
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
          Their money was counted on the day it was received, so the cash expected does not count it again.
        </Typography>
      </CardContent>
    </Card>
  </Box>
);
