import Alert from '@mui/material/Alert';
import { useDayStatus } from '../lib/day-status';

/**
 * Says, before anyone fills a form, that the branch closed today's books ("Makati Salcedo closed
 * today's books at 13:02. A manager … may reopen the day"): the server's sentence, never advice to
 * record the sale elsewhere (decision 0521). Nothing while the day is open or the status is unknown.
 */
export const ClosedDayAlert = ({ location }: { location: number | null }) => {
  const { data } = useDayStatus(location);
  if (!data?.closed || !data.message) return null;
  return (
    <Alert severity={data.status === 'approved' ? 'error' : 'warning'} role="status">
      {data.message}
    </Alert>
  );
};
