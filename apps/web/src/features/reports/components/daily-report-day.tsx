import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DAILY_REPORT_STATUS_LABELS, todayInManila, type DailyReport } from '@ginhawa/contract';
import { formatDate } from '../../../lib/format';
import { LoadError } from '../../../components/load-error';
import { useDayReport } from '../../../lib/day-report';
import { DailyReportDecision } from './daily-report-decision';
import { DayBreakdown, DayDeposits, DaySummary, type LinesHref, type LocationFigures } from './daily-report-figures';
import { ReopenDay } from './reopen-day';
import { CloseEarlyDialog } from './close-early-dialog';
import { DailyReportForm } from './daily-report-form';

const STATUS_COLORS = { draft: 'default', submitted: 'info', approved: 'success', returned: 'warning' } as const;

const StatusAlert = ({ report }: { report: DailyReport | null }) => {
  if (report?.status === 'approved')
    return <Alert severity="success">Approved: this day is locked. Imports and deletions for it are refused.</Alert>;
  if (report?.status === 'returned')
    return (
      <Alert severity="warning">
        Returned: {report.return_reason} Correct the day, count the cash again if needed, and submit it again.
      </Alert>
    );
  if (report?.status === 'submitted')
    return (
      <Alert severity="info">
        <span>Submitted and waiting for approval.</span> The day&apos;s books are closed; reopen the day to record more
        before it is approved.
      </Alert>
    );
  return null;
};

/** One location's business day, as the daily report names it. */
export type LocationDay = { location: number; locationName: string; date: string };

type DailyReportDayProps = {
  day: LocationDay;
  figures: LocationFigures | null;
  linesHref: LinesHref;
  /** Whether this viewer may approve or return this submitted report (Admins; another Manager of the location). */
  decides: (report: DailyReport) => boolean;
};

/** One location's day: the status, its figures, the cash count and submit, and the decision for those who make it. */
export const DailyReportDay = ({
  day: { location, locationName, date },
  figures,
  linesHref,
  decides,
}: DailyReportDayProps) => {
  const record = useDayReport(location, date);
  const [stillOpen, setStillOpen] = useState<{ id: number; open: string[] } | null>(null);
  // The server refuses a report for a day that has not come: its cash is counted at its close.
  const upcoming = date > todayInManila();
  const report = record.data?.results[0] ?? null;
  const status = report?.status ?? null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="h2">
          {locationName}, {formatDate(date)}
        </Typography>
        <Chip
          size="small"
          label={status ? DAILY_REPORT_STATUS_LABELS[status] : 'Not started'}
          color={status ? STATUS_COLORS[status] : 'default'}
        />
        {linesHref ? (
          <Link component={RouterLink} to={linesHref()}>
            See the sale lines
          </Link>
        ) : null}
      </Stack>
      <StatusAlert report={report} />
      <DaySummary figures={figures} />
      <DayBreakdown figures={figures} linesHref={linesHref} />
      <DayDeposits deposits={figures?.deposits} />
      {upcoming ? (
        <Alert severity="info">
          This day has not come yet. Count the cash and submit its report at the day&apos;s close.
        </Alert>
      ) : record.error && !record.data ? (
        <LoadError
          title="The report's status could not be loaded"
          error={record.error}
          onRetry={() => void record.mutate()}
        />
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {record.data ? (
                <DailyReportForm
                  key={`${report?.id ?? 'new'}-${report?.updated_at ?? ''}`}
                  location={location}
                  date={date}
                  report={report}
                  onStillOpen={setStillOpen}
                />
              ) : null}
              {report && status === 'submitted' && decides(report) ? <DailyReportDecision report={report} /> : null}
              {report && status === 'submitted' ? <ReopenDay report={report} /> : null}
            </Stack>
          </CardContent>
        </Card>
      )}
      {stillOpen ? <CloseEarlyDialog refusal={stillOpen} onClose={() => setStillOpen(null)} /> : null}
    </Stack>
  );
};
