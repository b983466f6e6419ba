import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import WrongLocationOutlined from '@mui/icons-material/WrongLocationOutlined';
import {
  cutoffDates,
  DAILY_REPORT_STATUS_LABELS,
  periodContaining,
  todayInManila,
  type DailyReport,
  type DailySalesReport,
} from '@ginhawa/contract';
import { FigureTable } from '../../../components/figures/figure-table';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate, formatPeso, formatVariance } from '../../../lib/format';
import { useDailySalesReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';
import { DailyReportDay } from './daily-report-day';
import type { LinesHref } from './daily-report-figures';
import { DailyReportToolbar } from './daily-report-toolbar';
import { ImportSalesDialog } from './import-sales-dialog';
import { LoadingBlock } from '../../../components/loading-block';
import { StatusMessage } from '../../../components/status-message';

type DailyReportPanelProps = {
  date: string;
  location: number | null;
  onChange: (change: { date?: string; location?: number | null }) => void;
  /** The locations the toolbar offers; the day's figures' own list when not given (a Manager's locations). */
  locations?: readonly { id: number; name: string }[];
  /** Where a figure's sale lines are listed; names are plain text without it. */
  linesHref?: (location: number, extra?: Record<string, string>) => string;
  /** Who may approve or return a submitted report (everyone who reaches the panel, unless said otherwise). */
  decides?: (report: DailyReport) => boolean;
  /** Whether the viewer imports sales dated before the current cutoff (Admins; the server's dating rule). */
  backdates?: boolean;
};

/** The current cutoff's first day in Manila: before it, only an Admin dates a sale (decision 0710). */
const cutoffStart = (today: string) => {
  const period = periodContaining(today);
  return cutoffDates(period.year, period.month, period.cutoff).from;
};

const LocationsTable = ({ figures, onPick }: { figures: DailySalesReport; onPick: (location: number) => void }) => (
  <FigureTable
    label={`Sales on ${figures.date} by location`}
    rows={figures.locations}
    rowKey={(l) => l.location}
    empty="No locations to report on."
    columns={[
      {
        label: 'Location',
        render: (l) => (
          <Link component="button" onClick={() => onPick(l.location)}>
            {l.location_name}
          </Link>
        ),
      },
      // Net next to the name: a phone shows it before the table scrolls (decision 0620).
      { label: 'Net', align: 'right', render: (l) => formatPeso(l.net_total) },
      { label: 'Status', render: (l) => (l.status ? DAILY_REPORT_STATUS_LABELS[l.status] : 'Not started') },
      { label: 'Sales', align: 'right', render: (l) => l.count },
      { label: 'Variance', align: 'right', render: (l) => (l.variance === null ? '—' : formatVariance(l.variance)) },
    ]}
  />
);

/** A date's daily reports: every location's status, or one location's day with its cash count and approval. */
export const DailyReportPanel = ({
  date,
  location,
  onChange,
  locations,
  linesHref,
  decides = () => true,
  backdates = true,
}: DailyReportPanelProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const figures = useDailySalesReport(date);
  const [importing, setImporting] = useState(false);
  const options = locations ?? figures.data?.locations.map((l) => ({ id: l.location, name: l.location_name }));
  const chosen = figures.data?.locations.find((l) => l.location === location) ?? null;
  const locationName = chosen?.location_name ?? options?.find((l) => l.id === location)?.name ?? '';
  // A link to a location the viewer does not work at (its figures are not theirs to read).
  const unknown = Boolean(location && options && !options.some((l) => l.id === location));
  const locked = chosen?.status === 'approved' || chosen?.status === 'submitted' || unknown;
  const today = todayInManila();
  const earliest = backdates ? null : cutoffStart(today);
  const tooEarly = earliest !== null && date < earliest;
  const href: LinesHref = location && linesHref ? (extra) => linesHref(location, extra) : undefined;

  let body;
  if (figures.error && !figures.data)
    body = (
      <LoadError
        title="The daily report could not be loaded"
        error={figures.error}
        onRetry={() => void figures.mutate()}
      />
    );
  else if (!figures.data) body = <LoadingBlock label="Loading the daily report" />;
  else if (!location) body = <LocationsTable figures={figures.data} onPick={(l) => onChange({ location: l })} />;
  else if (unknown)
    body = (
      <StatusMessage
        icon={<WrongLocationOutlined />}
        title="Not one of your locations"
        description="You can see and report the days of the locations you work at. Pick one of yours above."
      />
    );
  else
    body = (
      <DailyReportDay day={{ location, locationName, date }} figures={chosen} linesHref={href} decides={decides} />
    );

  return (
    <>
      <DailyReportToolbar
        date={date}
        // Not one of theirs: its CSV would be refused, so the toolbar offers their own locations' day.
        location={unknown ? null : location}
        locations={options}
        onChange={onChange}
        // A day that has not come takes no sales, nor one before the cutoff from a non-Admin (the server's dating rule).
        importDisabled={!location || locked || date > today || tooEarly}
        onImport={() => setImporting(true)}
      />
      {location && earliest && tooEarly && !unknown ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Sales dated before {formatDate(earliest)}, when the current cutoff began, are imported by an administrator.
        </Alert>
      ) : null}
      {body}
      {location && importing ? (
        <ImportSalesDialog
          open
          location={location}
          locationName={locationName}
          date={date}
          onClose={() => setImporting(false)}
          onStored={(result) => {
            setImporting(false);
            showSnackbar(`${result.stored} sales stored (${formatPeso(result.total)}).`, 'success');
            void revalidate();
          }}
        />
      ) : null}
    </>
  );
};
