import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { MESSAGES } from '@ginhawa/contract';
import { useUnreadCount } from '../api/get-unread-count';

/**
 * The Notifications icon with the unread count (docs/product.md §2): a spinner while loading,
 * an error icon titled 'Error loading notifications' on failure.
 */
export const NotificationsIcon = () => {
  const { count, error, isLoading } = useUnreadCount();
  if (isLoading) {
    return (
      <Box sx={{ width: 24, height: 24, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={18} aria-label="Loading notifications" />
      </Box>
    );
  }
  if (error) {
    return (
      <Badge
        overlap="circular"
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        badgeContent={
          <ErrorOutlineOutlined color="error" titleAccess={MESSAGES.notificationsError} sx={{ fontSize: 16 }} />
        }
        slotProps={{
          badge: { sx: { p: 0, minWidth: 0, height: 16, bgcolor: 'background.paper', borderRadius: '50%' } },
        }}
      >
        <NotificationsOutlined />
      </Badge>
    );
  }
  return (
    <Badge badgeContent={count} color="error" max={99}>
      <NotificationsOutlined />
    </Badge>
  );
};
