import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DailyReport } from '@ginhawa/contract';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate } from '../../../lib/format';
import { reopenDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';

/**
 * The honest way out of a day closed too soon (decision 0521): a Manager of the branch or an Admin
 * reopens a submitted day; its approval request is withdrawn (returned) and the submitter told.
 * The server refuses anyone else (403) and an approved day (409), and says so here.
 */
export const ReopenDay = ({ report }: { report: DailyReport }) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Box>
        <Button variant="outlined" onClick={() => setAsking(true)}>
          Reopen the day
        </Button>
      </Box>
      {asking ? (
        <ConfirmDialog
          open
          title="Reopen the day?"
          confirmLabel="Reopen"
          confirmColor="primary"
          onConfirm={async () => {
            await reopenDailyReport(report.id);
            showSnackbar('Day reopened.', 'success');
            await revalidate();
          }}
          onClose={() => setAsking(false)}
        >
          {report.location_name}, {formatDate(report.date)} goes back to a returned report: the desk can record the rest
          of the day, and the cash is counted and submitted again.
        </ConfirmDialog>
      ) : null}
    </>
  );
};
