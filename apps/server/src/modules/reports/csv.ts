/**
 * The reports' CSV layouts (`?format=csv`), one function per report, each giving the file's name and
 * its lines for sendCsv; the RFC 4180 writing is lib/csv.ts. Like the clients' csv.ts, this keeps
 * the routes to who may ask and which schemas.
 */
import type {
  DailyReport,
  DailySalesReport,
  Leaderboard,
  Liability,
  LocationSales,
  PaymentMethod,
  PersonalSales,
} from '@ginhawa/contract';
import { DAILY_REPORT_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@ginhawa/contract';
import { csvLines } from '../../lib/csv';

export type Csv = { name: string; lines: Iterable<string> | AsyncIterable<string> };

/**
 * Per location a `location` row with the day's totals, then its breakdown rows (payment method,
 * bank, salesperson) with those totals left blank: each location's takings appear once, so summing
 * `net_total` gives the day (decision 0500). A breakdown's figures are `total` (net), `service_charge`
 * (collected on top, decision 0505) and `group_count`.
 */
export const dailySalesReportCsv = (report: DailySalesReport): Csv => ({
  name: `daily-sales-report-${report.date}`,
  lines: csvLines(
    [
      'date',
      'location',
      'report_status',
      'count',
      'gross_total',
      'discount_total',
      'net_total',
      'service_charge_total',
      'cash_expected',
      'cash_on_hand',
      'variance',
      'group',
      'name',
      'total',
      'service_charge',
      'group_count',
    ],
    report.locations.flatMap((l) => {
      const who = [report.date, l.location_name, l.status ? DAILY_REPORT_STATUS_LABELS[l.status] : 'Not started'];
      const blank = ['', '', '', '', '', '', '', ''];
      const method = (p: { key: string; name: string }) => PAYMENT_METHOD_LABELS[p.key as PaymentMethod] ?? p.name;
      const figures = (p: { total: string; service_charge: string; count: number }) => [
        p.total,
        p.service_charge,
        p.count,
      ];
      return [
        [
          ...who,
          l.count,
          l.gross_total,
          l.discount_total,
          l.net_total,
          l.service_charge_total,
          l.cash_expected,
          l.cash_on_hand,
          l.variance,
          'location',
          l.location_name,
          '',
          '',
          '',
        ],
        ...l.by_payment_method.map((p) => [...who, ...blank, 'payment_method', method(p), ...figures(p)]),
        ...l.by_bank.map((p) => [...who, ...blank, 'bank', p.name, ...figures(p)]),
        ...l.by_salesperson.map((p) => [...who, ...blank, 'salesperson', p.name, ...figures(p)]),
      ];
    }),
  ),
});

export const personalSalesCsv = (sales: PersonalSales): Csv => ({
  name: `personal-sales-${sales.salesperson}-${sales.year}-${sales.month}`,
  lines: csvLines(
    ['date', 'salesperson', 'total', 'count'],
    sales.days.map((d) => [d.date, sales.salesperson_name, d.total, d.count]),
  ),
});

export const locationSalesCsv = (sales: LocationSales): Csv => ({
  name: `location-sales-${sales.year}-${sales.month}`,
  lines: csvLines(
    ['location', 'date', 'total', 'count'],
    [
      // No closing total row: summing `total` gives the month, as on the screen (decision 0505).
      ...sales.locations.flatMap((l) => l.days.map((d) => [l.location_name, d.date, d.total, d.count])),
    ],
  ),
});

export const leaderboardCsv = (board: Leaderboard): Csv => ({
  name: `leaderboard-${board.year}-${board.month}-cutoff-${board.cutoff}`,
  lines: csvLines(
    ['rank', 'salesperson', 'location', 'total', 'count', 'target', 'share_of_target', 'date_from', 'date_to'],
    board.results.map((r) => [
      r.rank,
      r.salesperson_name,
      r.location_name,
      r.total,
      r.count,
      r.target,
      r.share_of_target,
      board.date_from,
      board.date_to,
    ]),
  ),
});

/**
 * A row per location and no closing "All locations" row: summing `total` gives the business's
 * figure, as on the screen (decision 0505, like the location-sales CSV).
 */
export const liabilityCsv = (owed: Liability): Csv => {
  const figures = (f: { count: number; sessions_remaining: number; amount: string }) => [
    f.count,
    f.sessions_remaining,
    f.amount,
  ];
  return {
    name: `liability-${owed.as_of}`,
    lines: csvLines(
      [
        'location',
        'vouchers',
        'voucher_sessions_remaining',
        'voucher_amount',
        'memberships',
        'membership_sessions_remaining',
        'membership_amount',
        'total',
        'as_of',
      ],
      owed.locations.map((l) => [
        l.location_name,
        ...figures(l.vouchers),
        ...figures(l.memberships),
        l.total,
        owed.as_of,
      ]),
    ),
  };
};

/** Every daily report the list's filters match (not one page), its state in the screen's words. */
export const dailyReportsCsv = (reports: DailyReport[]): Csv => ({
  name: 'daily-reports',
  lines: csvLines(
    [
      'id',
      'date',
      'location',
      'status',
      'sales_count',
      'gross_total',
      'discount_total',
      'net_total',
      'cash_total',
      'service_charge_total',
      'cash_expected',
      'cash_on_hand',
      'variance',
      'remarks',
    ],
    reports.map((r) => [
      r.id,
      r.date,
      r.location_name,
      DAILY_REPORT_STATUS_LABELS[r.status],
      r.sales_count,
      r.gross_total,
      r.discount_total,
      r.net_total,
      r.cash_total,
      r.service_charge_total,
      r.cash_expected,
      r.cash_on_hand,
      r.variance,
      r.remarks,
    ]),
  ),
});
