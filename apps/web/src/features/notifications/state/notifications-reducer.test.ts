import { describe, expect, it } from 'vitest';
import type { Notification } from '@ginhawa/contract';
import { aNotification } from '../../../test/fixtures';
import {
  initialNotificationsState,
  notificationsReducer as reduce,
  type NotificationsState,
} from './notifications-reducer';

const n = (id: number, extra: Partial<Notification> = {}): Notification =>
  aNotification({
    id,
    title: `t${id}`,
    message: 'm',
    actor: null,
    actor_name: null,
    created_at: '2026-11-22T01:00:00.000Z',
    ...extra,
  });

const loaded = (): NotificationsState =>
  reduce(initialNotificationsState, {
    type: 'initial',
    notifications: [n(3), n(2, { is_read: true }), n(1)],
    unreadCount: 2,
  });

describe('notificationsReducer', () => {
  it('starts loading and becomes success with the initial list', () => {
    expect(initialNotificationsState.status).toBe('loading');
    const state = loaded();
    expect(state.status).toBe('success');
    expect(state.notifications.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(state.unreadCount).toBe(2);
    // Fewer than the initial batch of 20: nothing older to fetch.
    expect(state.hasMore).toBe(false);
    const full = reduce(initialNotificationsState, {
      type: 'initial',
      notifications: Array.from({ length: 20 }, (_, i) => n(100 - i)),
      unreadCount: 20,
    });
    expect(full.hasMore).toBe(true);
  });

  it('appends older ones, drops duplicates by id, and has-more turns false on an empty batch', () => {
    let state = reduce({ ...loaded(), hasMore: true }, { type: 'older', notifications: [n(1), n(0)] });
    expect(state.notifications.map((x) => x.id)).toEqual([3, 2, 1, 0]);
    expect(state.hasMore).toBe(true);
    state = reduce(state, { type: 'older', notifications: [] });
    expect(state.hasMore).toBe(false);
    expect(state.notifications).toHaveLength(4);
  });

  it('prepends a new one and counts it unread (server count wins when given)', () => {
    const state = reduce(loaded(), { type: 'new', notification: n(4) });
    expect(state.notifications.map((x) => x.id)).toEqual([4, 3, 2, 1]);
    expect(state.unreadCount).toBe(3);
    expect(reduce(loaded(), { type: 'new', notification: n(4), unreadCount: 9 }).unreadCount).toBe(9);
    // The same one twice (e.g. after a reconnect) is not listed twice.
    expect(reduce(state, { type: 'new', notification: n(4) }).notifications).toHaveLength(4);
  });

  it('marks read and unread', () => {
    let state = reduce(loaded(), { type: 'read', id: 3 });
    expect(state.notifications.find((x) => x.id === 3)!.is_read).toBe(true);
    expect(state.unreadCount).toBe(1);
    state = reduce(state, { type: 'read', id: 3 });
    expect(state.unreadCount).toBe(1);
    state = reduce(state, { type: 'unread', id: 2 });
    expect(state.notifications.find((x) => x.id === 2)!.is_read).toBe(false);
    expect(state.unreadCount).toBe(2);
  });

  it('marks all read', () => {
    const state = reduce(loaded(), { type: 'all_read' });
    expect(state.notifications.every((x) => x.is_read)).toBe(true);
    expect(state.unreadCount).toBe(0);
  });

  it('sets the approval flag to the approved value', () => {
    const start = reduce(initialNotificationsState, {
      type: 'initial',
      notifications: [n(5, { requires_approval: true, can_decide: true })],
      unreadCount: 1,
    });
    const approved = reduce(start, { type: 'approved', id: 5, approved: true });
    expect(approved.notifications[0]).toMatchObject({ is_approved: true, can_decide: false });
    expect(reduce(start, { type: 'approved', id: 5, approved: false }).notifications[0]!.is_approved).toBe(false);
  });

  it('removes one', () => {
    const state = reduce(loaded(), { type: 'removed', id: 3 });
    expect(state.notifications.map((x) => x.id)).toEqual([2, 1]);
    expect(state.unreadCount).toBe(1);
  });

  it('goes to failure on a failure action and on an error while handling', () => {
    expect(reduce(loaded(), { type: 'failure', error: 'boom' })).toMatchObject({ status: 'failure', error: 'boom' });
    const broken = reduce(loaded(), { type: 'older', notifications: null as unknown as Notification[] });
    expect(broken.status).toBe('failure');
    expect(broken.notifications).toHaveLength(3);
  });
});
