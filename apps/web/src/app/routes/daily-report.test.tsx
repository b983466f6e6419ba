import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, okPage } from '../../test/api-mock';
import { managerData, signedInShell } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const desk = (invoicing: 'on' | 'off') => ({
  status: 200,
  data: { invoicing, vat_status: 'vat', vat_rate: '12.00' },
});

describe('the daily report leads to the readings (issue 33)', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it('offers the Manager the Readings screen while invoicing is on', async () => {
    mockApi({
      ...signedInShell(managerData, { reports: true }),
      'GET /invoicing/desk/': desk('on'),
      'GET /invoicing/terminals/': okPage([
        { id: 3, name: 'Front desk 1', location: 1, location_name: 'Makati', is_active: true },
      ]),
      'GET /invoicing/readings/': okPage([]),
    });
    renderApp('/reports/daily/1/2026-11-29');
    await screen.findByRole('heading', { name: 'Daily report' });
    // The drawer has its own "Readings" entry: this is the report's, in the page itself.
    const link = await within(screen.getByRole('main')).findByRole('link', { name: 'Readings' });
    expect(link).toHaveAttribute('href', '/readings');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Readings' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/readings');
  });

  it('shows no Readings button while invoicing is off', async () => {
    const calls = mockApi({ ...signedInShell(managerData, { reports: true }), 'GET /invoicing/desk/': desk('off') });
    renderApp('/reports/daily/1/2026-11-29');
    await screen.findByRole('heading', { name: 'Daily report' });
    await waitFor(() => expect(calls.some((c) => c.url === '/invoicing/desk/')).toBe(true));
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Readings' })).not.toBeInTheDocument();
  });
});
