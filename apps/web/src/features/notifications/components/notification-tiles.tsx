import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router';
import type { Notification } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { useLiveNotifications } from '../live/live-notifications';
import { openablePath } from './notification-item';

export const LATEST_NOTIFICATIONS = 5;

const Rows = ({ notifications, linkOf }: { notifications: Notification[]; linkOf: (n: Notification) => string }) => (
  <List dense disablePadding>
    {notifications.map((n) => (
      <ListItemButton key={n.id} component={Link} to={linkOf(n)} sx={{ px: 1, borderRadius: 1 }}>
        <ListItemText primary={n.title} secondary={n.message} slotProps={{ primary: { sx: { fontWeight: n.is_read ? 400 : 600 } }, secondary: { noWrap: true } }} />
      </ListItemButton>
    ))}
  </List>
);

const useTileState = () => {
  const { state, reconnect } = useLiveNotifications();
  return {
    state,
    tileState: (empty: boolean) => ({
      isLoading: state.status === 'loading',
      error: state.status === 'failure' ? new Error(state.error ?? 'The live channel is not connected.') : null,
      empty,
      retry: reconnect,
    }),
  };
};

/** Everyone: the newest notifications from the live channel (no extra request). */
export const LatestNotificationsTile = ({ notificationsPath, admin }: { notificationsPath: string; admin: boolean }) => {
  const { state, tileState } = useTileState();
  const latest = state.notifications.slice(0, LATEST_NOTIFICATIONS);
  return (
    <Tile
      title="Latest notifications"
      state={tileState(latest.length === 0)}
      errorTitle="Notifications could not be loaded"
      emptyTitle="You're all caught up"
      emptyHint="Requests, approvals and announcements will appear here."
    >
      <Rows notifications={latest} linkOf={(n) => openablePath(n.link, admin) ?? notificationsPath} />
    </Tile>
  );
};

/** Manager: sales deletion requests I may still decide (decided on /notifications). */
export const PendingDeleteRequestsTile = ({ notificationsPath }: { notificationsPath: string }) => {
  const { state, tileState } = useTileState();
  const pending = state.notifications.filter((n) => n.type === 'delete_sales' && n.requires_approval && n.is_approved === null && n.can_decide);
  return (
    <Tile
      title="Pending delete requests"
      state={tileState(pending.length === 0)}
      errorTitle="Delete requests could not be loaded"
      emptyTitle="No delete requests"
      emptyHint="When staff ask to delete sales, the request waits here for your decision."
    >
      {/* Approve and decline live on /notifications, whatever page the request names. */}
      <Rows notifications={pending} linkOf={() => notificationsPath} />
    </Tile>
  );
};
