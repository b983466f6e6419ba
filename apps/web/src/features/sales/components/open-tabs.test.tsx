import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { CheckoutForVisit, OpenTabs } from './open-tabs';
import { aCheckout, aTab, page, tillOptions } from './test-data';

const tandem = aTab({
  arrival: 42,
  client_name: 'Ana Reyes',
  status: 'in_service',
  therapists: [
    { employee: 11, name: 'Maria Santos' },
    { employee: 12, name: 'Jo Cruz' },
  ],
  room_name: 'Couple suite',
  treatment_name: 'Swedish',
  amount: '2400.00',
  since: '2026-11-29T06:30:00.000Z',
});

describe('open tabs', () => {
  it("lists the branch's open tabs (client, therapists, room, since, amount) and a row opens checkout", async () => {
    const calls = mockApi({ ...tillOptions, 'GET /sales/tabs/': { status: 200, data: page([aTab(), tandem]) } });
    renderWithRouter(<OpenTabs location={2} manages={false} />);
    const list = await screen.findByRole('list', { name: 'Open tabs' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Liza Soberano · finished₱1,000.00Hilot · Maria Santos · Room 2 · since 14:05',
      'Ana Reyes₱2,400.00Swedish · Maria Santos and Jo Cruz · Couple suite · since 14:30',
    ]);
    expect(calls[0]!.url).toBe('/sales/tabs/?location=2');
    // Only a Manager marks a tab unpaid.
    expect(screen.queryByRole('button', { name: 'Mark unpaid' })).not.toBeInTheDocument();
    // The page's landmarks are the app's; jsdom draws no colours.
    const rules = { region: { enabled: false }, 'color-contrast': { enabled: false } };
    expect((await axe.run(list, { rules })).violations.map((v) => v.id)).toEqual([]);

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Ana Reyes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout · Ana Reyes' });
    // A tip field for each therapist of the tandem.
    expect(within(dialog).getByRole('textbox', { name: 'Tip for Maria Santos (₱)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Tip for Jo Cruz (₱)' })).toBeInTheDocument();
  });

  it('says when there is no open tab, and offers Try again when the list cannot be read', async () => {
    let fail = true;
    mockApi({
      'GET /sales/tabs/': () =>
        fail ? { status: 500, data: { message: 'The server had a problem.' } } : { status: 200, data: page([]) },
    });
    renderWithRouter(<OpenTabs location={2} manages />);
    expect(await screen.findByText('The open tabs could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open tabs: every visit so far is paid.')).toBeInTheDocument();
  });

  it('lets a Manager mark a tab unpaid, with a reason they must give', async () => {
    const calls = mockApi({
      'GET /sales/tabs/': { status: 200, data: page([aTab()]) },
      'POST /sales/tabs/41/unpaid/': {
        status: 200,
        data: { arrival: 41, status: 'unpaid', reason: 'Left without paying; manager called.' },
      },
    });
    renderWithRouter(<OpenTabs location={2} manages />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark unpaid' }));
    const dialog = await screen.findByRole('dialog', { name: "Mark Liza Soberano's visit unpaid?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark unpaid' }));
    expect(await within(dialog).findByText('Say why the visit was not paid.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await userEvent.paste('Left without paying; manager called.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark unpaid' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toEqual({
      reason: 'Left without paying; manager called.',
    });
  });

  it('opens the checkout of the visit whose service just finished, and keeps its receipt once paid', async () => {
    let paid = false;
    mockApi({
      ...tillOptions,
      'GET /sales/tabs/': () => ({ status: 200, data: page(paid ? [aTab()] : [aTab(), tandem]) }),
      'POST /sales/checkout/': () => {
        paid = true;
        return { status: 201, data: aCheckout({ arrival: 42, client_name: 'Ana Reyes' }) };
      },
    });
    renderWithRouter(<CheckoutForVisit location={2} arrival={42} salesperson={4} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout · Ana Reyes' });
    const seller = within(dialog).getByRole('combobox', { name: /^Salesperson/ });
    await waitFor(() => expect(seller).toHaveTextContent('Ana Cruz'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    // Paid, the tab leaves the list the checkout was found in: the receipt stays.
    expect(await screen.findByRole('document', { name: 'Receipt W-000123' })).toBeInTheDocument();
  });
});
