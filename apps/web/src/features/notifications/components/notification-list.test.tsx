import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { createFakeLiveClient } from '../../../test/fake-live-client';
import { LiveNotificationsProvider } from '../live/live-notifications';
import { NotificationsIcon } from './notifications-icon';
import { NotificationList } from './notification-list';
import { mockApi } from '../../../test/api-mock';
import { aNotification, anApprovalRequest } from '../../../test/fixtures';

const setup = () => {
  mockApi({ 'GET /notifications/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } } });
  const live = createFakeLiveClient();
  renderWithRouter(
    <LiveNotificationsProvider client={live.client}>
      <NotificationsIcon />
      <NotificationList admin={false} />
    </LiveNotificationsProvider>,
  );
  return live;
};

describe('notification list (live)', () => {
  it('loads, then lists what the server sends, unread marked, with the count', async () => {
    const live = setup();
    expect(screen.getByLabelText('Loading notifications', { selector: '[aria-busy="true"]' })).toBeInTheDocument();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [aNotification({ id: 2, title: 'Second' }), aNotification({ id: 1, is_read: true })],
        unread_count: 1,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByLabelText('Unread: Second')).toBeInTheDocument();
    expect(screen.getByLabelText('Staff meeting')).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    const live = setup();
    act(() => live.emit({ action: 'user_notifications', notifications: [], unread_count: 0 }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
  });

  it('prepends a new one with a toast and updates the badge', async () => {
    const live = setup();
    act(() => live.emit({ action: 'user_notifications', notifications: [aNotification({ id: 1 })], unread_count: 1 }));
    act(() =>
      live.emit({
        action: 'new_notification',
        notification: aNotification({ id: 9, title: 'Gold membership sold' }),
        unread_count: 7,
      }),
    );
    const items = await screen.findAllByRole('heading', { level: 3 });
    expect(items.map((h) => h.textContent)).toEqual(['Gold membership sold', 'Staff meeting']);
    expect(within(screen.getByRole('alert')).getByText('Gold membership sold')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  it('sends read, unread, remove, mark all and load-older requests, and applies the answers', async () => {
    const live = setup();
    const user = userEvent.setup();
    act(() => live.emit({ action: 'user_notifications', notifications: [aNotification({ id: 3 })], unread_count: 1 }));
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(live.sent.at(-1)).toEqual({ action: 'mark_notification_as_read', notificationId: 3 });
    act(() => live.emit({ action: 'notification_marked_as_read', notificationId: 3, unread_count: 0 }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as unread' }));
    expect(live.sent.at(-1)).toEqual({ action: 'mark_notification_as_unread', notificationId: 3 });
    act(() => live.emit({ action: 'notification_marked_as_unread', notificationId: 3, unread_count: 1 }));
    await user.click(await screen.findByRole('button', { name: /Mark all as read/ }));
    expect(live.sent.at(-1)).toEqual({ action: 'mark_all_notifications_as_read' });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(live.sent.at(-1)).toEqual({ action: 'remove_notification', notificationId: 3 });
    act(() => live.emit({ action: 'notification_removed', notificationId: 3, unread_count: 0 }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
  });

  it('loads older ones 20 at a time until an empty batch', async () => {
    const live = setup();
    const user = userEvent.setup();
    const newest = Array.from({ length: 20 }, (_, i) => aNotification({ id: 100 - i, title: `n${100 - i}` }));
    act(() => live.emit({ action: 'user_notifications', notifications: newest, unread_count: 20 }));
    await user.click(await screen.findByRole('button', { name: 'Load older' }));
    expect(live.sent.at(-1)).toEqual({ action: 'fetch_older_notifications', offset: 20, limit: 20 });
    act(() =>
      live.emit({
        action: 'older_notifications',
        notifications: [aNotification({ id: 50, title: 'n50' })],
        offset: 20,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'n50' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(live.sent.at(-1)).toEqual({ action: 'fetch_older_notifications', offset: 21, limit: 20 });
    act(() => live.emit({ action: 'older_notifications', notifications: [], offset: 21 }));
    expect(await screen.findByText('That is everything.')).toBeInTheDocument();
  });

  it('lets a decider approve or decline a request and shows the outcome', async () => {
    const live = setup();
    const user = userEvent.setup();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [anApprovalRequest({ id: 5, type: 'delete_sales', title: 'Delete sales', link: '/dashboard' })],
        unread_count: 1,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(live.sent.at(-1)).toEqual({ action: 'approve_notification', notificationId: 5, approved: false });
    act(() => live.emit({ action: 'notification_approved', notificationId: 5, approved: false }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    // The decision is confirmed with a toast once the server has recorded it.
    expect(await screen.findByText('Declined: Delete sales.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/dashboard');
  });

  it('returns a daily report rather than declining it, as its own screen says', async () => {
    const live = setup();
    const user = userEvent.setup();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [anApprovalRequest({ id: 6, type: 'daily_report', title: 'Daily report: Makati' })],
        unread_count: 1,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Return' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return' }));
    expect(live.sent.at(-1)).toEqual({ action: 'approve_notification', notificationId: 6, approved: false });
    act(() => live.emit({ action: 'notification_approved', notificationId: 6, approved: false }));
    expect(await screen.findByText('Returned: Daily report: Makati.')).toBeInTheDocument();
    expect(screen.getByText('Returned')).toBeInTheDocument();
    expect(screen.queryByText('Declined')).not.toBeInTheDocument();
  });

  it('shows a returned pay run as Returned among the decided', async () => {
    const live = setup();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [
          aNotification({
            id: 7,
            type: 'pay_run',
            title: 'Pay run: Makati',
            requires_approval: true,
            is_approved: false,
          }),
        ],
        unread_count: 1,
      }),
    );
    expect(await screen.findByText('Returned')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decided' }));
    expect(screen.getByText('Returned')).toBeInTheDocument();
    expect(screen.queryByText('Declined')).not.toBeInTheDocument();
  });

  it('shows server errors as a toast', async () => {
    const live = setup();
    act(() => live.emit({ action: 'error', message: 'This request has already been decided.' }));
    expect(await screen.findByText('This request has already been decided.')).toBeInTheDocument();
  });

  it('filters the approvals inbox: waiting on me, and decided with who and when', async () => {
    const live = setup();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [
          anApprovalRequest({ id: 3, title: 'Sales deletion request' }),
          aNotification({
            id: 2,
            title: 'Daily report: Makati',
            requires_approval: true,
            is_approved: true,
            decided_by_name: 'Ana Reyes',
            decided_at: '2026-11-20T02:30:00Z',
          }),
          aNotification({ id: 1, title: 'Staff meeting' }),
        ],
        unread_count: 3,
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Waiting on me (1)' }));
    expect(screen.getByRole('heading', { name: 'Sales deletion request' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff meeting' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decided' }));
    expect(screen.getByRole('heading', { name: 'Daily report: Makati' })).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('by Ana Reyes · 20 Nov 2026, 10:30 am')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sales deletion request' })).not.toBeInTheDocument();
  });
});
