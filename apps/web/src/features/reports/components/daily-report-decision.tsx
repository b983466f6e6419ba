import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { DailyReport } from '@ginhawa/contract';
import { formatDate, formatPeso, formatVariance } from '../../../lib/format';
import { ReturnDialog } from '../../../components/form/return-dialog';
import { approveDailyReport, returnDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';
import { ReportStepDialog } from './report-step-dialog';

/**
 * Approve, or return with a reason (the one "say why" prompt), a submitted report. Approving asks
 * first: it cannot be undone, and it closes the day to sale and arrival writes (decision 0500's
 * approved-day lock; an approved report is never returned).
 */
export const DailyReportDecision = ({ report }: { report: DailyReport }) => {
  const revalidate = useRevalidateReports();
  const [asking, setAsking] = useState<'approve' | 'return' | null>(null);
  const day = `${report.location_name}, ${formatDate(report.date)}`;

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" color="success" onClick={() => setAsking('approve')}>
          Approve
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setAsking('return')}>
          Return
        </Button>
      </Stack>
      {asking === 'approve' ? (
        <ReportStepDialog
          title="Approve and lock the day?"
          confirmLabel="Approve"
          send={() => approveDailyReport(report.id)}
          done="Report approved."
          onClose={() => setAsking(null)}
        >
          <Box component="span" sx={{ display: 'block' }}>
            {day}: net takings {formatPeso(report.net_total)} from {report.sales_count}{' '}
            {report.sales_count === 1 ? 'sale' : 'sales'}
            {report.cash_on_hand === null ? null : (
              <>
                ; cash on hand {formatPeso(report.cash_on_hand)} (
                {formatVariance(report.variance ?? '0', { midSentence: true })})
              </>
            )}
            .
          </Box>
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            Once approved, the day is locked: no sale or arrival can be added, changed or deleted for it, and the report
            can no longer be returned for correction.
          </Box>
        </ReportStepDialog>
      ) : null}
      {asking === 'return' ? (
        <ReturnDialog
          what="report"
          hint="The submitter sees this and can correct the day."
          send={(reason) => returnDailyReport(report.id, reason)}
          onReturned={revalidate}
          onClose={() => setAsking(null)}
        >
          {day} goes back to its location to be corrected and submitted again.
        </ReturnDialog>
      ) : null}
    </>
  );
};
