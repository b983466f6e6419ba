import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import { DAILY_SALES_ORDERING, PAYMENT_METHODS, SALE_KINDS, type DailyReport } from '@ginhawa/contract';
import { PageHeader } from '../../../components/page-header';
import { ScrollingTabs } from '../../../components/scrolling-tabs';
import { useDailyReport } from '../api/daily-reports';
import type { SaleLineFilters } from '../api/sales-lines';
import { DailyReportPanel } from './daily-report-panel';
import { LeaderboardPanel } from './leaderboard-panel';
import { LocationSalesPanel } from './location-sales-panel';
import { readDate, readId, readPeriod, readTab, type ReportTab } from './report-params';
import { SalesLinesPanel } from './sales-lines-panel';

const TAB_LABELS: Record<ReportTab, string> = {
  daily: 'Daily report',
  lines: 'Sale lines',
  locations: 'Location sales',
  leaderboard: 'Leaderboard',
};

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The sale-line filters in the URL; anything malformed is left out rather than sent for a 400. */
const readLineFilters = (params: URLSearchParams): SaleLineFilters => {
  const date = (name: string) => {
    const value = params.get(name);
    return value && datePattern.test(value) ? value : undefined;
  };
  const id = (name: string) => readId(params, name) ?? undefined;
  return {
    date: date('date'),
    date_from: date('date_from'),
    date_to: date('date_to'),
    location: id('location'),
    salesperson: id('salesperson'),
    bank: id('bank'),
    payment_method: pick(PAYMENT_METHODS, params.get('payment_method')),
    kind: pick(SALE_KINDS, params.get('kind')),
    page: id('page'),
    pageSize: id('pageSize'),
    ordering: pick(DAILY_SALES_ORDERING, params.get('ordering')),
  };
};

/** A link to the sale lines behind a figure: the same date and location, plus the figure's own filter. */
export const linesHref = (date: string, location: number, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ tab: 'lines', date, location: String(location), ...extra }).toString()}`;

type ReportsScreenProps = {
  /** Who may approve or return a submitted report (everyone who reaches the screen, unless said otherwise). */
  decides?: (report: DailyReport) => boolean;
  /** The locations whose sale lines the viewer reads (every one, unless said otherwise). */
  readsLinesAt?: (location: number) => boolean;
  /** Whether the viewer imports sales before the current cutoff (Admins, the default). */
  backdates?: boolean;
};

/**
 * /admin/reports and /reports (a Manager's branches, decision 0504), behind the reports flag:
 * daily reports, sale lines, location sales and the leaderboard.
 */
export const ReportsScreen = ({ decides, readsLinesAt, backdates }: ReportsScreenProps) => {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const reportId = readId(params, 'report');
  // A notification links to `?report=<id>`: open that report's location and day.
  const linked = useDailyReport(reportId);

  useEffect(() => {
    if (!linked.data) return;
    const { location, date } = linked.data;
    setParams(new URLSearchParams({ tab: 'daily', date, location: String(location) }), { replace: true });
  }, [linked.data, setParams]);

  const change = (values: Record<string, string | number | null | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('report');
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined || value === null || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      return next;
    });

  const period = readPeriod(params);
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Daily sales reports and their approval, sale lines, location sales and the leaderboard."
      />
      <Card>
        <ScrollingTabs
          value={tab}
          onChange={(_e, value: ReportTab) => setParams(new URLSearchParams({ tab: value }))}
          aria-label="Reports"
        >
          {(Object.keys(TAB_LABELS) as ReportTab[]).map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} />
          ))}
        </ScrollingTabs>
        <CardContent>
          {tab === 'daily' ? (
            <DailyReportPanel
              date={readDate(params)}
              location={linked.data?.location ?? readId(params, 'location')}
              onChange={change}
              linesHref={(location, extra) => linesHref(readDate(params), location, extra)}
              decides={decides}
              backdates={backdates}
            />
          ) : null}
          {tab === 'lines' ? <SalesLinesPanel filters={readLineFilters(params)} onChange={change} /> : null}
          {tab === 'locations' ? (
            <LocationSalesPanel period={{ month: period.month, year: period.year }} onChange={change} />
          ) : null}
          {tab === 'leaderboard' ? (
            <LeaderboardPanel period={period} onChange={change} readsLinesAt={readsLinesAt} />
          ) : null}
        </CardContent>
      </Card>
    </>
  );
};
