import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { returnReportBodySchema, type DailyReport } from '@ginhawa/contract';
import { formatDate } from '../../../lib/format';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { toApiError } from '../../../lib/api-client';
import { approveDailyReport, returnDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';
import { REASON_MAX } from './report-params';

/** Approve, or return with a reason (the one "say why" prompt), a submitted report. */
export const DailyReportDecision = ({ report }: { report: DailyReport }) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);

  const approve = async () => {
    setBusy(true);
    try {
      await approveDailyReport(report.id);
      showSnackbar('Report approved.', 'success');
      await revalidate();
    } catch (error) {
      showSnackbar(toApiError(error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" color="success" disabled={busy} onClick={() => void approve()}>
          Approve
        </Button>
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReturning(true)}>
          Return
        </Button>
      </Stack>
      {returning ? (
        <ReasonDialog
          title="Return the report"
          confirmLabel="Return"
          maxLength={REASON_MAX}
          hint="The submitter sees this and can correct the day."
          parse={(reason) => returnReportBodySchema.safeParse({ reason })}
          onConfirm={(body) => returnDailyReport(report.id, body.reason)}
          onDone={async () => {
            setReturning(false);
            showSnackbar('Report returned.', 'success');
            await revalidate();
          }}
          onClose={() => setReturning(false)}
        >
          {report.location_name}, {formatDate(report.date)} goes back to its location to be corrected and submitted
          again.
        </ReasonDialog>
      ) : null}
    </>
  );
};
