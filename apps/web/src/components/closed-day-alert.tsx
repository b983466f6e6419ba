import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { toApiError } from '../lib/api-client';
import { reopenDay, useDayStatus, useRevalidateDay } from '../lib/day-status';
import { useSnackbar } from './snackbar-provider';

/**
 * Says, before anyone fills a form, that the branch closed today's books ("Makati Salcedo closed
 * today's books at 13:02. A manager … may reopen the day"): the server's sentence, never advice to
 * record the sale elsewhere (decision 0521). To a Manager of the branch or an Admin (the server's
 * `can_reopen`), a submitted day offers the way out: "Reopen the day" (decision 0915). Nothing while
 * the day is open or the status is unknown.
 */
export const ClosedDayAlert = ({ location }: { location: number | null }) => {
  const { data } = useDayStatus(location);
  const revalidate = useRevalidateDay();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!data?.closed || !data.message) return null;
  const report = data.report;
  const reopen = async () => {
    if (report === null) return;
    setBusy(true);
    setError(undefined);
    try {
      await reopenDay(report);
      await revalidate();
      showSnackbar(
        `${data.location_name}’s day is reopened: record what is left, then submit the report again.`,
        'success',
      );
    } catch (err) {
      setError(toApiError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity={data.status === 'approved' ? 'error' : 'warning'} role="status">
      {data.message}
      {data.can_reopen && report !== null ? (
        <Box sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            onClick={() => void reopen()}
            disabled={busy}
            sx={{ minHeight: 44 }}
          >
            Reopen the day
          </Button>
          {error ? (
            <Box component="p" role="alert" sx={{ m: 0, mt: 1 }}>
              {error}
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Alert>
  );
};
