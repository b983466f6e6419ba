import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { NOTIFICATIONS_OLDER_BATCH, type WsServerMessage } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { createLiveClient, type LiveClient } from '../../../lib/ws-client';
import { settingsKey } from '../../../lib/settings';
import { unreadCountKey } from '../api/get-unread-count';
import {
  initialNotificationsState,
  notificationsReducer,
  type NotificationsAction,
  type NotificationsState,
} from '../state/notifications-reducer';

/**
 * A `leaderboard_changed` frame says sales changed: every cached report (`/reports/…`: the
 * leaderboard, personal sales, latest sales, location totals) is revalidated once, so open
 * dashboards move within a second without polling. Keys are matched by prefix because a feature
 * may not import another feature's keys (docs/architecture.md).
 */
export const isReportKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith('/reports/');

/**
 * An `arrivals_changed` frame says an arrival was logged, changed or cancelled: every cached
 * arrivals read (`/clients/arrivals/…`: the dashboard's tiles, lists, counts) is revalidated
 * once. Every such key, not only the frame's location and date: the server already sends the
 * frame only to those who may read that location, and a stale count elsewhere costs more than a read.
 */
export const isArrivalsKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith('/clients/arrivals/');

/**
 * A `settings_changed` frame says an Admin changed the company's name, logo or feature flags: the
 * settings (the shell's brand, the screens' flags) and the configuration are read again, so nav
 * entries and routes follow within a second (docs/decisions/0610).
 */
export const isSettingsKey = (key: unknown): boolean => key === settingsKey || key === '/configurations/';

/**
 * A person's own earnings (`/payroll/my-earnings/…`, the dashboard's "Earned this cutoff") follow
 * their arrivals and sales: read again when the server says their earnings changed, and on any
 * arrivals or sales frame, which those who earn by them also get (decision 0630).
 */
export const isEarningsKey = (key: unknown): boolean =>
  typeof key === 'string' && key.startsWith('/payroll/my-earnings/');

/**
 * A `floor_changed` frame says a branch's floor changed (a clock-in, an arrival, a reservation, a
 * skip): every cached floor read (`/floor/…`: the board, rooms, reservations) is revalidated once,
 * so every open board of the branch moves within a second; the board never polls (issue 22).
 */
export const isFloorKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith('/floor/');

/**
 * A branch's open tabs (`/sales/tabs/…`, the floor board's and the desk dashboard's) follow the
 * floor (an assignment opens a tab, Service finished ends its service) and sales (a checkout at
 * another desk closes one): read again on `floor_changed` and `leaderboard_changed` (decision 0530).
 */
export const isTabsKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith('/sales/tabs/');

/** SWR key of the live list: WebSocket events update this cache entry through the reducer. */
export const liveNotificationsKey = 'live:notifications';

/** The frames that change one notification by id carry the same fields; each is one reducer step. */
const byIdStep = {
  notification_marked_as_read: 'read',
  notification_marked_as_unread: 'unread',
  notification_removed: 'removed',
} as const;

const toAction = (message: WsServerMessage): NotificationsAction | null => {
  switch (message.action) {
    case 'user_notifications':
      return { type: 'initial', notifications: message.notifications, unreadCount: message.unread_count };
    case 'older_notifications':
      return { type: 'older', notifications: message.notifications };
    case 'new_notification':
      return { type: 'new', notification: message.notification, unreadCount: message.unread_count };
    case 'notification_marked_as_read':
    case 'notification_marked_as_unread':
    case 'notification_removed':
      return { type: byIdStep[message.action], id: message.notificationId, unreadCount: message.unread_count };
    case 'all_notifications_marked_as_read':
      return { type: 'all_read', unreadCount: message.unread_count };
    case 'notification_approved':
      return { type: 'approved', id: message.notificationId, approved: message.approved };
    default:
      return null;
  }
};

type LiveNotifications = {
  connected: boolean;
  markRead: (id: number) => void;
  markUnread: (id: number) => void;
  markAllRead: () => void;
  remove: (id: number) => void;
  decide: (id: number, approved: boolean) => void;
  reconnect: () => void;
};

const LiveContext = createContext<(LiveNotifications & { client: LiveClient }) | null>(null);

/**
 * One live connection for the signed-in session (mounted with the app routes, so signing out
 * unmounts it and closes the socket). Every server frame goes through the pure reducer into the
 * SWR cache; the badge's unread count is kept in step; each new notification shows a toast.
 */
export const LiveNotificationsProvider = ({
  children,
  client: injected,
}: {
  children: ReactNode;
  client?: LiveClient;
}) => {
  const client = useMemo(() => injected ?? createLiveClient(), [injected]);
  const { mutate } = useSWRConfig();
  const { showSnackbar } = useSnackbar();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const dispatch = (action: NotificationsAction) =>
      mutate<NotificationsState>(
        liveNotificationsKey,
        (state) => notificationsReducer(state ?? initialNotificationsState, action),
        { revalidate: false },
      );
    const offMessage = client.subscribe((message) => {
      if (message.action === 'error') {
        showSnackbar(message.message, 'error');
        return;
      }
      if (message.action === 'leaderboard_changed') {
        // Sales changed: open reports (leaderboard, daily and location figures) read again. A key
        // prefix, not an import of the reports feature: features do not import each other.
        void mutate((key) => isReportKey(key) || isEarningsKey(key) || isTabsKey(key));
        return;
      }
      if (message.action === 'arrivals_changed') {
        void mutate((key) => isArrivalsKey(key) || isEarningsKey(key));
        return;
      }
      if (message.action === 'earnings_changed') {
        void mutate(isEarningsKey);
        return;
      }
      if (message.action === 'floor_changed') {
        void mutate((key) => isFloorKey(key) || isTabsKey(key));
        return;
      }
      if (message.action === 'settings_changed') {
        void mutate(isSettingsKey);
        return;
      }
      const action = toAction(message);
      if (!action) return;
      void dispatch(action);
      if ('unread_count' in message) void mutate(unreadCountKey, message.unread_count, { revalidate: false });
      if (message.action === 'new_notification') {
        // The title alone ("Leaderboard", "Sale credited to you") says what kind, not what happened.
        const { title, message: text } = message.notification;
        if (text) showSnackbar(text, 'info', title);
        else showSnackbar(title, 'info');
      }
    });
    const offStatus = client.onStatus(setConnected);
    client.open();
    return () => {
      offMessage();
      offStatus();
      client.close();
    };
  }, [client, mutate, showSnackbar]);

  const value = useMemo(
    () => ({
      client,
      connected,
      markRead: (notificationId: number) => void client.send({ action: 'mark_notification_as_read', notificationId }),
      markUnread: (notificationId: number) =>
        void client.send({ action: 'mark_notification_as_unread', notificationId }),
      markAllRead: () => void client.send({ action: 'mark_all_notifications_as_read' }),
      remove: (notificationId: number) => void client.send({ action: 'remove_notification', notificationId }),
      decide: (notificationId: number, approved: boolean) =>
        void client.send({ action: 'approve_notification', notificationId, approved }),
      reconnect: () => {
        client.close();
        client.open();
      },
    }),
    [client, connected],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
};

/** The live list and its actions, for screens inside the signed-in app. */
export const useLiveNotifications = () => {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLiveNotifications needs LiveNotificationsProvider');
  const { data } = useSWR<NotificationsState>(liveNotificationsKey, null, { fallbackData: initialNotificationsState });
  const state = data ?? initialNotificationsState;
  return {
    ...live,
    state,
    loadOlder: () =>
      void live.client.send({
        action: 'fetch_older_notifications',
        offset: state.notifications.length,
        limit: NOTIFICATIONS_OLDER_BATCH,
      }),
  };
};
