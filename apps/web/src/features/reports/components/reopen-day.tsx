import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DailyReport } from '@ginhawa/contract';
import { formatDate } from '../../../lib/format';
import { reopenDailyReport } from '../api/daily-reports';
import { ReportStepDialog } from './report-step-dialog';

/**
 * The honest way out of a day closed too soon (decision 0521): a Manager of the branch or an Admin
 * reopens a submitted day; its approval request is withdrawn (returned) and the submitter told.
 * The server refuses anyone else (403) and an approved day (409), and says so here.
 */
export const ReopenDay = ({ report }: { report: DailyReport }) => {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Box>
        <Button variant="outlined" onClick={() => setAsking(true)}>
          Reopen the day
        </Button>
      </Box>
      {asking ? (
        <ReportStepDialog
          title="Reopen the day?"
          confirmLabel="Reopen"
          send={() => reopenDailyReport(report.id)}
          done="Day reopened."
          onClose={() => setAsking(false)}
        >
          {report.location_name}, {formatDate(report.date)} goes back to a returned report: the desk can record the rest
          of the day, and the cash is counted and submitted again.
        </ReportStepDialog>
      ) : null}
    </>
  );
};
