import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useLiveNotifications } from '../../features/notifications/live/live-notifications';
import { useServerReachable } from '../../lib/connection';

export const OFFLINE_TEXT = 'Offline — what you type stays in the form; reconnecting…';

/**
 * One banner for the whole panel while the server cannot be reached (docs/decisions/0620). The
 * status region is always there, so a screen reader hears the banner come and go.
 */
export const OfflineBanner = () => {
  const { connected } = useLiveNotifications();
  const reachable = useServerReachable(connected);
  return (
    <Box role="status" sx={{ position: 'sticky', top: { xs: 56, sm: 0 }, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      {reachable ? null : (
        <Alert severity="warning" icon={<CloudOffOutlined fontSize="inherit" />} sx={{ borderRadius: 0 }}>
          {OFFLINE_TEXT}
        </Alert>
      )}
    </Box>
  );
};
