import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Notification } from '@ginhawa/contract';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { ChoiceToggle } from '../../../components/choice-toggle';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDateTime } from '../../../lib/format';
import { useLiveNotifications } from '../live/live-notifications';
import { refusalWords } from './decision-words';
import { NotificationItem } from './notification-item';

/** The approvals inbox: every notification, requests waiting on me, or requests already decided. */
export type InboxFilter = 'all' | 'waiting' | 'decided';
export const inboxFilters: Record<InboxFilter, (n: Notification) => boolean> = {
  all: () => true,
  waiting: (n) => n.requires_approval && n.is_approved === null && n.can_decide,
  decided: (n) => n.requires_approval && n.is_approved !== null,
};

/** The inbox filter's choices; "Waiting on me" says how many wait. */
const filterChoices = (waiting: number): { value: InboxFilter; label: string }[] => [
  { value: 'all', label: 'All' },
  { value: 'waiting', label: `Waiting on me (${waiting})` },
  { value: 'decided', label: 'Decided' },
];

/** A decided request: what it was, the decision, who made it and when. */
const DecidedRow = ({ n }: { n: Notification }) => (
  <Box
    component="li"
    sx={{ listStyle: 'none', px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
  >
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0 }}>
        {n.title}
      </Typography>
      <Chip
        size="small"
        color={n.is_approved ? 'success' : 'default'}
        label={n.is_approved ? 'Approved' : refusalWords(n.type).done}
      />
    </Stack>
    <Typography variant="body2" color="textSecondary">
      {n.message}
    </Typography>
    <Typography variant="caption" color="textSecondary">
      {n.decided_by_name ? `by ${n.decided_by_name}` : 'Decided'}
      {n.decided_at ? ` · ${formatDateTime(n.decided_at)}` : ''}
    </Typography>
  </Box>
);

/** Decisions sent and not yet confirmed: the server's `approved` event confirms one (and its `read`
 * event marks the decider's copy read), and the toast says what was decided. */
const useDecisionToasts = (notifications: Notification[], decide: (id: number, approved: boolean) => void) => {
  const { showSnackbar } = useSnackbar();
  const [asked, setAsked] = useState<readonly number[]>([]);
  const onDecide = (id: number, approved: boolean) => {
    setAsked((ids) => [...ids, id]);
    decide(id, approved);
  };
  useEffect(() => {
    const done = notifications.filter((n) => asked.includes(n.id) && n.is_approved !== null);
    if (done.length === 0) return;
    for (const n of done)
      showSnackbar(`${n.is_approved ? 'Approved' : refusalWords(n.type).done}: ${n.title}.`, 'success');
    setAsked((ids) => ids.filter((id) => !done.some((n) => n.id === id)));
  }, [asked, notifications, showSnackbar]);
  return onDecide;
};

/** "Load older" stays disabled from the click until the page arrives (the list grows or ends). */
const useOlderPages = (count: number, hasMore: boolean, loadOlder: () => void) => {
  const [olderPending, setOlderPending] = useState(false);
  useEffect(() => setOlderPending(false), [count, hasMore]);
  const onLoadOlder = () => {
    setOlderPending(true);
    loadOlder();
  };
  return { olderPending, onLoadOlder };
};

const LoadingList = () => (
  <Card aria-busy="true" aria-label="Loading notifications">
    {[0, 1, 2].map((row) => (
      <Box key={row} sx={{ px: 3, py: 2 }}>
        <Skeleton width="40%" />
        <Skeleton width="85%" />
      </Box>
    ))}
  </Card>
);

const EmptyList = () => (
  <Card>
    <StatusMessage
      icon={<NotificationsNoneOutlined />}
      title="You're all caught up"
      description="New requests, approvals and announcements will appear here."
    />
  </Card>
);

/** The unread count, a note while the channel reconnects, and "Mark all as read". */
const ListHeader = ({
  unreadCount,
  connected,
  onMarkAllRead,
}: {
  unreadCount: number;
  connected: boolean;
  onMarkAllRead: () => void;
}) => (
  <Stack direction="row" sx={{ px: { xs: 2, sm: 3 }, py: 1.5, alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
    <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
      {unreadCount ? `${unreadCount} unread` : 'All read'}
    </Typography>
    {connected ? null : <Chip size="small" color="warning" variant="outlined" label="Reconnecting…" />}
    <Button size="small" startIcon={<DoneAll />} onClick={onMarkAllRead} disabled={unreadCount === 0}>
      Mark all as read
    </Button>
  </Stack>
);

const ListFooter = ({
  hasMore,
  disabled,
  pending,
  onLoadOlder,
}: {
  hasMore: boolean;
  disabled: boolean;
  pending: boolean;
  onLoadOlder: () => void;
}) => (
  <Box sx={{ p: 1.5, textAlign: 'center' }}>
    {hasMore ? (
      <Button onClick={onLoadOlder} disabled={disabled}>
        {pending ? 'Loading…' : 'Load older'}
      </Button>
    ) : (
      <Typography variant="caption" color="textSecondary">
        That is everything.
      </Typography>
    )}
  </Box>
);

/** The person's notifications, newest first, kept live by the WebSocket channel. */
export const NotificationList = ({ admin }: { admin: boolean }) => {
  const { state, connected, loadOlder, markRead, markUnread, markAllRead, remove, decide, reconnect } =
    useLiveNotifications();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const shown = state.notifications.filter(inboxFilters[filter]);
  const count = state.notifications.length;
  const { olderPending, onLoadOlder } = useOlderPages(count, state.hasMore, loadOlder);
  const onDecide = useDecisionToasts(state.notifications, decide);

  if (state.status === 'loading') return <LoadingList />;
  if (state.status === 'failure') {
    return (
      <Card>
        <LoadError title="Notifications could not be loaded" error={state.error} onRetry={reconnect} />
      </Card>
    );
  }
  if (count === 0) return <EmptyList />;
  return (
    <Card>
      <ListHeader unreadCount={state.unreadCount} connected={connected} onMarkAllRead={markAllRead} />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 1.5 }}>
        <ChoiceToggle
          label="Show"
          value={filter}
          onChange={setFilter}
          choices={filterChoices(state.notifications.filter(inboxFilters.waiting).length)}
        />
      </Box>
      <Divider />
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {shown.map((n) =>
          filter === 'decided' ? (
            <DecidedRow key={n.id} n={n} />
          ) : (
            <NotificationItem
              key={n.id}
              notification={n}
              admin={admin}
              onMarkRead={markRead}
              onMarkUnread={markUnread}
              onRemove={remove}
              onDecide={onDecide}
            />
          ),
        )}
      </Box>
      {shown.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="textSecondary">
          {filter === 'waiting'
            ? 'No requests are waiting on you.'
            : 'No decided requests among the notifications loaded.'}
        </Typography>
      ) : null}
      <Divider />
      <ListFooter
        hasMore={state.hasMore}
        disabled={olderPending || !connected}
        pending={olderPending}
        onLoadOlder={onLoadOlder}
      />
    </Card>
  );
};
