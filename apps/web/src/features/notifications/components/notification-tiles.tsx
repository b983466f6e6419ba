import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router';
import type { Notification } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { useLiveNotifications } from '../live/live-notifications';
import { openablePath } from './notification-item';

export const LATEST_NOTIFICATIONS = 5;

type NotificationListTileProps = {
  title: string;
  errorTitle: string;
  emptyTitle: string;
  emptyHint: string;
  /** Which of the live channel's notifications this tile lists. */
  pick: (notifications: Notification[]) => Notification[];
  linkOf: (n: Notification) => string;
};

/** A tile over the live channel's notifications (no extra request): loading, failure and empty come from the channel. */
const NotificationListTile = ({
  title,
  errorTitle,
  emptyTitle,
  emptyHint,
  pick,
  linkOf,
}: NotificationListTileProps) => {
  const { state, reconnect } = useLiveNotifications();
  const shown = pick(state.notifications);
  const tileState = {
    isLoading: state.status === 'loading',
    error: state.status === 'failure' ? new Error(state.error ?? 'The live channel is not connected.') : null,
    empty: shown.length === 0,
    retry: reconnect,
  };
  return (
    <Tile title={title} state={tileState} errorTitle={errorTitle} emptyTitle={emptyTitle} emptyHint={emptyHint}>
      <List dense disablePadding>
        {shown.map((n) => (
          // A list's children are items (axe "list"): the link sits inside one.
          <ListItem key={n.id} disablePadding>
            <ListItemButton component={Link} to={linkOf(n)} sx={{ px: 1, borderRadius: 1 }}>
              <ListItemText
                primary={n.title}
                secondary={n.message}
                slotProps={{ primary: { sx: { fontWeight: n.is_read ? 400 : 600 } }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Tile>
  );
};

/** Everyone: the newest notifications. */
export const LatestNotificationsTile = ({
  notificationsPath,
  admin,
}: {
  notificationsPath: string;
  admin: boolean;
}) => (
  <NotificationListTile
    title="Latest notifications"
    errorTitle="Notifications could not be loaded"
    emptyTitle="You're all caught up"
    emptyHint="Requests, approvals and announcements will appear here."
    pick={(all) => all.slice(0, LATEST_NOTIFICATIONS)}
    linkOf={(n) => openablePath(n.link, admin) ?? notificationsPath}
  />
);

/** Manager: sales deletion requests I may still decide (decided on /notifications). */
export const PendingDeleteRequestsTile = ({ notificationsPath }: { notificationsPath: string }) => (
  <NotificationListTile
    title="Pending delete requests"
    errorTitle="Delete requests could not be loaded"
    emptyTitle="No delete requests"
    emptyHint="When staff ask to delete sales, the request waits here for your decision."
    pick={(all) =>
      all.filter((n) => n.type === 'delete_sales' && n.requires_approval && n.is_approved === null && n.can_decide)
    }
    // Approve and decline live on /notifications, whatever page the request names.
    linkOf={() => notificationsPath}
  />
);
