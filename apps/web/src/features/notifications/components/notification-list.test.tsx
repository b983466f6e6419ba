import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { NotificationList } from './notification-list';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  type: 'announcement',
  title: 'Staff meeting',
  message: 'Friday 9:00 at Makati.',
  link: null,
  data: {},
  is_read: false,
  requires_approval: false,
  is_approved: null,
  can_decide: false,
  actor: 1,
  actor_name: 'Ana Reyes',
  created_at: '2025-03-01T01:00:00Z',
  ...overrides,
});

describe('notification list', () => {
  it('lists my notifications', async () => {
    mockApi({ 'GET /notifications/': { status: 200, data: { count: 1, next: null, previous: null, results: [notification({})] } } });
    renderWithRouter(<NotificationList />);
    expect(await screen.findByText('Staff meeting')).toBeInTheDocument();
    expect(screen.getByText(/Friday 9:00 at Makati\. · Ana Reyes · /)).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    mockApi({ 'GET /notifications/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } } });
    renderWithRouter(<NotificationList />);
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockApi({ 'GET /notifications/': { status: 404, data: { message: 'No API endpoint at GET /api/notifications/.' } } });
    renderWithRouter(<NotificationList />);
    expect(await screen.findByRole('heading', { name: 'Notifications could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
