import Box from '@mui/material/Box';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { submitDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';

/**
 * "Close the day early?" (decision 0521): the server refused today's submit because the day is still
 * open; the draft is saved, its lines are listed, and closing sends `close_early`. Held by the day,
 * not the form, which a save remounts with the draft's new version.
 */
export const CloseEarlyDialog = ({
  refusal,
  onClose,
}: {
  refusal: { id: number; open: string[] };
  onClose: () => void;
}) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  return (
    <ConfirmDialog
      open
      title="Close the day early?"
      confirmLabel="Close the day"
      confirmColor="primary"
      onConfirm={async () => {
        await submitDailyReport(refusal.id, true);
        showSnackbar('Report submitted for approval.', 'success');
        await revalidate();
      }}
      onClose={onClose}
    >
      <Box component="span" sx={{ display: 'block' }}>
        The report is saved. The day is still open:
      </Box>
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {refusal.open.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        Once submitted, the floor and the desk are told the books are closed; a manager or an administrator can reopen
        the day until it is approved.
      </Box>
    </ConfirmDialog>
  );
};
