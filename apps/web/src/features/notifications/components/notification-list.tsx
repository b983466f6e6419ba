import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { StatusMessage } from '../../../components/status-message';
import { useLiveNotifications } from '../live/live-notifications';
import { NotificationItem } from './notification-item';

/** The person's notifications, newest first, kept live by the WebSocket channel. */
export const NotificationList = () => {
  const { state, connected, loadOlder, markRead, markUnread, markAllRead, remove, decide, reconnect } = useLiveNotifications();
  const [olderPending, setOlderPending] = useState(false);
  const count = state.notifications.length;
  useEffect(() => setOlderPending(false), [count, state.hasMore]);

  if (state.status === 'loading') {
    return (
      <Card aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Box key={row} sx={{ px: 3, py: 2 }}>
            <Skeleton width="40%" />
            <Skeleton width="85%" />
          </Box>
        ))}
      </Card>
    );
  }
  if (state.status === 'failure') {
    return (
      <Card>
        <StatusMessage
          tone="error"
          icon={<ErrorOutlineOutlined />}
          title="Notifications could not be loaded"
          description={state.error ?? undefined}
          action={
            <Button variant="outlined" onClick={reconnect}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  }
  if (count === 0) {
    return (
      <Card>
        <StatusMessage icon={<NotificationsNoneOutlined />} title="You're all caught up" description="New requests, approvals and announcements will appear here." />
      </Card>
    );
  }
  return (
    <Card>
      <Stack direction="row" sx={{ px: { xs: 2, sm: 3 }, py: 1.5, alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {state.unreadCount ? `${state.unreadCount} unread` : 'All read'}
        </Typography>
        {connected ? null : <Chip size="small" color="warning" variant="outlined" label="Reconnecting…" />}
        <Button size="small" startIcon={<DoneAll />} onClick={markAllRead} disabled={state.unreadCount === 0}>
          Mark all as read
        </Button>
      </Stack>
      <Divider />
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {state.notifications.map((n) => (
          <NotificationItem key={n.id} notification={n} onMarkRead={markRead} onMarkUnread={markUnread} onRemove={remove} onDecide={decide} />
        ))}
      </Box>
      <Divider />
      <Box sx={{ p: 1.5, textAlign: 'center' }}>
        {state.hasMore ? (
          <Button
            onClick={() => {
              setOlderPending(true);
              loadOlder();
            }}
            disabled={olderPending || !connected}
          >
            {olderPending ? 'Loading…' : 'Load older'}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary">
            That is everything.
          </Typography>
        )}
      </Box>
    </Card>
  );
};
