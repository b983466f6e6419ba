import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../provider';
import { LiveNotificationsProvider } from '../../features/notifications/live/live-notifications';
import { getOne } from '../../lib/list-query';
import { mockApi } from '../../test/api-mock';
import { createFakeLiveClient } from '../../test/fake-live-client';
import { testSwr } from '../../test/render';
import { OFFLINE_TEXT, OfflineBanner } from './offline-banner';

const setBrowserOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

const renderBanner = () => {
  const live = createFakeLiveClient();
  render(
    <AppProvider swr={testSwr}>
      <LiveNotificationsProvider client={live.client}>
        <OfflineBanner />
      </LiveNotificationsProvider>
    </AppProvider>,
  );
  return live;
};

describe('offline banner', () => {
  afterEach(() => setBrowserOnline(true));

  it('says nothing while the panel is online, in a status region that is always there', () => {
    renderBanner();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows while the browser is offline and goes when it is back', () => {
    renderBanner();
    setBrowserOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    setBrowserOnline(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows after a call nothing answered and goes with the next answered one', async () => {
    let down = true;
    mockApi({ 'GET /banks/': () => (down ? 'network-error' : { status: 200, data: [] }) });
    renderBanner();
    await act(() => getOne('/banks/').catch(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent('Offline — what you type stays in the form; reconnecting…');
    down = false;
    await act(() => getOne('/banks/'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows while the live channel that was connected is down, until it reconnects', () => {
    mockApi({});
    const live = renderBanner();
    expect(live.isOpen()).toBe(true);
    act(() => live.client.close());
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    act(() => live.client.open());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
