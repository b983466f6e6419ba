import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@ginhawa/contract';
import { renderWithRouter } from '../../../test/render';
import { NotificationItem } from './notification-item';

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
  created_at: '2026-11-20T01:00:00Z',
  ...overrides,
});

const show = (link: string | null) => {
  const handlers = { onMarkRead: vi.fn(), onMarkUnread: vi.fn(), onRemove: vi.fn(), onDecide: vi.fn() };
  renderWithRouter(
    <ul>
      <NotificationItem notification={notification({ link })} {...handlers} />
    </ul>,
  );
};

describe('notification item link', () => {
  it.each(['/clients/12', '/admin/employees?search=ana#top', '/'])('opens the panel path %s', (link) => {
    show(link);
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', link);
  });

  it.each([
    ['a tab the browser drops', '/\t/evil.example'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash', '/\\evil.example'],
    ['a scheme', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'clients/12'],
    ['a newline', '/clients\n//evil.example'],
    ['a double slash later on', '/clients//evil.example'],
  ])('shows %s as plain text, never a link', (_what, link) => {
    show(link);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/^Link \(not opened from here\):/)).toBeInTheDocument();
  });

  it('shows nothing without a link', () => {
    show(null);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/^Link/)).toBeNull();
  });
});
