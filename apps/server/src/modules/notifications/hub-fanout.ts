import type { Db } from '../../db/client';
import type { BusEvent } from '../../plugins/bus';
import { FLOOR_CHANGED_ACTION, FLOOR_GROUPS, type WsServerMessage } from '@ginhawa/contract';
import { hasAnyGroup, isAdmin, mayReadLocation } from '../../lib/actor';
import { isDecider, loadBatch, toNotification, unreadCount } from './notifications.service';
import { sendText, type Connections } from './hub-connections';
import { CLOSE_ACCESS_CHANGED, CLOSE_SIGNED_OUT } from './hub-limits';

/**
 * Bus fan-out: turns each bus event (committed first, then NOTIFY, so every instance sees the same
 * thing in the same order) into frames for the sockets on this instance that should hear it.
 */
export const createFanOut = (db: Db, connections: Connections) => {
  /** A notify() batch: each recipient with a socket here gets their copy and their unread count (one statement). */
  const sendNew = async (batch: string) => {
    const rows = await loadBatch(db, batch, connections.userIds());
    for (const row of rows) {
      // Serialised once per row (twice when the user's sockets differ in whether they may decide),
      // not once per socket: one user's 5,000 sockets get the same text (issue 35).
      const frames = new Map<boolean, string>();
      for (const conn of connections.ofUser(row.recipientId)) {
        const decider = isDecider(conn.user);
        let frame = frames.get(decider);
        if (frame === undefined) {
          frame = JSON.stringify({
            action: 'new_notification',
            notification: toNotification(row, decider),
            unread_count: Number(row.unread),
          } satisfies WsServerMessage);
          frames.set(decider, frame);
        }
        sendText(conn, frame);
      }
    }
  };

  /** Closes the user's sockets of the signed-out session or token family (all of them when neither is named). */
  const closeSignedOut = (event: Extract<BusEvent, { t: 'close' }>) => {
    for (const conn of connections.ofUser(event.user)) {
      const everyone = event.session === undefined && event.family === undefined;
      const named =
        (event.session !== undefined && conn.sessionId === event.session) ||
        (event.family !== undefined && conn.familyId === event.family);
      if (everyone || named) conn.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
    }
  };

  const onEvent = async (event: BusEvent) => {
    switch (event.t) {
      case 'new':
        return sendNew(event.batch);
      case 'read':
      case 'unread':
      case 'removed': {
        if (!connections.has(event.user)) return;
        const unread = await unreadCount(db, event.user);
        const action =
          event.t === 'read'
            ? 'notification_marked_as_read'
            : event.t === 'unread'
              ? 'notification_marked_as_unread'
              : 'notification_removed';
        return connections.sendToUser(event.user, { action, notificationId: event.id, unread_count: unread });
      }
      case 'all_read':
        if (!connections.has(event.user)) return;
        return connections.sendToUser(event.user, {
          action: 'all_notifications_marked_as_read',
          unread_count: await unreadCount(db, event.user),
        });
      case 'approved':
        return connections.sendToUser(event.user, {
          action: 'notification_approved',
          notificationId: event.id,
          approved: event.approved,
        });
      case 'sales':
        return connections.sendToAll({
          action: 'leaderboard_changed',
          month: event.month,
          year: event.year,
          dates: event.dates,
        });
      case 'settings':
        return connections.sendToAll({ action: 'settings_changed' });
      case 'earnings':
        return connections.sendToUser(event.user, {
          action: 'earnings_changed',
          employee: event.employee,
          date: event.date,
        });
      case 'arrivals':
        // Only to those who may read the location's arrivals (clients' read scope): the frame carries no
        // names, but a stream of "location 3 changed today" still shows when a branch is busy, which a
        // receptionist elsewhere has no business watching; the filter costs one array lookup per socket.
        return connections.sendToAll(
          { action: 'arrivals_changed', location: event.location, date: event.date },
          (user) => mayReadLocation(user, event.location),
        );
      case 'floor':
        // The floor's readers (docs/decisions/0900-floor-board.md): Admins and the branch's floor staff
        // (a salesperson of the branch reads no board, so hears none of its changes).
        return connections.sendToAll(
          { action: FLOOR_CHANGED_ACTION, location: event.location, date: event.date },
          (user) =>
            isAdmin(user) || (hasAnyGroup(user, FLOOR_GROUPS) && user.locations.some((l) => l.id === event.location)),
        );
      case 'access':
        // A socket keeps the user as they were when it opened (which locations' frames it hears).
        for (const conn of connections.ofUser(event.user)) conn.socket.close(CLOSE_ACCESS_CHANGED, 'Access changed');
        return;
      case 'close':
        return closeSignedOut(event);
    }
  };

  return { onEvent };
};
