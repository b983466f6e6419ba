import { NOTIFICATIONS_INITIAL_BATCH, type Notification } from '@ginhawa/contract';

/** docs/product.md §4: the notification list as the live channel builds it. */
export type NotificationsState = {
  status: 'loading' | 'success' | 'failure';
  notifications: Notification[];
  unreadCount: number;
  hasMore: boolean;
  error: string | null;
};

export type NotificationsAction =
  | { type: 'loading' }
  | { type: 'initial'; notifications: Notification[]; unreadCount: number }
  | { type: 'older'; notifications: Notification[] }
  | { type: 'new'; notification: Notification; unreadCount?: number }
  | { type: 'read'; id: number; unreadCount?: number }
  | { type: 'unread'; id: number; unreadCount?: number }
  | { type: 'all_read'; unreadCount?: number }
  | { type: 'approved'; id: number; approved: boolean }
  | { type: 'removed'; id: number; unreadCount?: number }
  | { type: 'failure'; error: string };

export const initialNotificationsState: NotificationsState = {
  status: 'loading',
  notifications: [],
  unreadCount: 0,
  hasMore: true,
  error: null,
};

const setRead = (state: NotificationsState, id: number, isRead: boolean, unreadCount?: number): NotificationsState => {
  const target = state.notifications.find((n) => n.id === id);
  const changed = target !== undefined && target.is_read !== isRead;
  return {
    ...state,
    notifications: state.notifications.map((n) => (n.id === id ? { ...n, is_read: isRead } : n)),
    unreadCount: unreadCount ?? Math.max(0, state.unreadCount + (changed ? (isRead ? -1 : 1) : 0)),
  };
};

const apply = (state: NotificationsState, action: NotificationsAction): NotificationsState => {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', error: null };
    case 'initial':
      return {
        status: 'success',
        notifications: action.notifications,
        unreadCount: action.unreadCount,
        // The server sends the newest 20: fewer means there is nothing older.
        hasMore: action.notifications.length >= NOTIFICATIONS_INITIAL_BATCH,
        error: null,
      };
    case 'older': {
      if (!Array.isArray(action.notifications)) throw new TypeError('older notifications must be a list');
      const known = new Set(state.notifications.map((n) => n.id));
      const fresh = action.notifications.filter((n) => !known.has(n.id));
      return {
        ...state,
        status: 'success',
        notifications: [...state.notifications, ...fresh],
        hasMore: action.notifications.length > 0,
      };
    }
    case 'new': {
      if (typeof action.notification?.id !== 'number') throw new TypeError('a new notification needs an id');
      const rest = state.notifications.filter((n) => n.id !== action.notification.id);
      const isNew = rest.length === state.notifications.length;
      return {
        ...state,
        status: 'success',
        notifications: [action.notification, ...rest],
        unreadCount: action.unreadCount ?? state.unreadCount + (isNew && !action.notification.is_read ? 1 : 0),
      };
    }
    case 'read':
      return setRead(state, action.id, true, action.unreadCount);
    case 'unread':
      return setRead(state, action.id, false, action.unreadCount);
    case 'all_read':
      return {
        ...state,
        notifications: state.notifications.map((n) => ({ ...n, is_read: true })),
        unreadCount: action.unreadCount ?? 0,
      };
    case 'approved':
      return {
        ...state,
        notifications: state.notifications.map((n) =>
          n.id === action.id ? { ...n, is_approved: action.approved, can_decide: false } : n,
        ),
      };
    case 'removed': {
      const notifications = state.notifications.filter((n) => n.id !== action.id);
      const removedUnread = state.notifications.some((n) => n.id === action.id && !n.is_read);
      return {
        ...state,
        notifications,
        unreadCount: action.unreadCount ?? Math.max(0, state.unreadCount - (removedUnread ? 1 : 0)),
      };
    }
    case 'failure':
      return { ...state, status: 'failure', error: action.error };
  }
};

/** Pure; an error while handling an action gives the failure state (docs/product.md §4). */
export const notificationsReducer = (state: NotificationsState, action: NotificationsAction): NotificationsState => {
  try {
    return apply(state, action);
  } catch (error) {
    return { ...state, status: 'failure', error: error instanceof Error ? error.message : String(error) };
  }
};
