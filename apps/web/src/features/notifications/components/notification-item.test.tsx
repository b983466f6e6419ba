import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aNotification as notification } from '../../../test/fixtures';
import { renderWithRouter } from '../../../test/render';
import { NotificationItem } from './notification-item';

const show = (link: string | null, admin = true) => {
  const handlers = { onMarkRead: vi.fn(), onMarkUnread: vi.fn(), onRemove: vi.fn(), onDecide: vi.fn() };
  renderWithRouter(
    <ul>
      <NotificationItem notification={notification({ link })} admin={admin} {...handlers} />
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

  it.each(['/clients/12', '/dashboard', '/notifications'])('opens %s for staff too', (link) => {
    show(link, false);
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', link);
  });

  it.each(['/admin/reports?report=3', '/admin', '/admin/reports?tab=lines&date=2026-11-20'])(
    'offers no Open for %s to someone who is not an Admin (they would be sent back to the dashboard)',
    (link) => {
      show(link, false);
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.queryByText(/^Link/)).toBeNull();
    },
  );

  it("lets a Manager open a daily report's own screen from its notice", () => {
    show('/reports/daily/2/2026-11-20', false);
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/reports/daily/2/2026-11-20');
  });

  it('shows nothing without a link', () => {
    show(null);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/^Link/)).toBeNull();
  });
});
