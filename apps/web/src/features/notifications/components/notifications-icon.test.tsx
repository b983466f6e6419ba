import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { NotificationsIcon } from './notifications-icon';

const renderIcon = () =>
  render(
    <AppProvider swr={testSwr}>
      <NotificationsIcon />
    </AppProvider>,
  );

describe('notifications icon', () => {
  it('shows a spinner while the count loads', () => {
    mockApi({ 'GET /notifications/': 'pending' });
    renderIcon();
    expect(screen.getByRole('progressbar', { name: 'Loading notifications' })).toBeInTheDocument();
  });

  it('shows the unread count from the list call', async () => {
    const calls = mockApi({
      'GET /notifications/': { status: 200, data: { count: 12, next: null, previous: null, results: [] } },
    });
    renderIcon();
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/notifications/?is_read=false&pageSize=1');
  });

  it("shows an error icon titled 'Error loading notifications' when the call fails", async () => {
    mockApi({
      'GET /notifications/': { status: 404, data: { message: 'No API endpoint at GET /api/notifications/.' } },
    });
    renderIcon();
    expect(await screen.findByTitle('Error loading notifications')).toBeInTheDocument();
  });
});
