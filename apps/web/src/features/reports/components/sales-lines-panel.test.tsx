import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import type { SaleLineFilters } from '../api/sales-lines';
import { SalesLinesPanel } from './sales-lines-panel';
import { saleLine } from '../../../test/fixtures';
import { locationsPage, saleLinesPage } from './reports-fixtures';

const setup = (filters: SaleLineFilters) => {
  const onChange = vi.fn();
  renderWithRouter(<SalesLinesPanel filters={filters} onChange={onChange} />, { path: '/admin/reports?tab=lines' });
  return { onChange };
};

describe('sale lines panel', () => {
  it('asks for the lines behind a figure with its filters, and exports the same filters as CSV', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/daily-sales/': {
        status: 200,
        data: saleLinesPage(
          [
            saleLine(1),
            saleLine(2, { payment_method: 'card', bank: 4, bank_name: 'BDO Unibank', net_amount: '900.00' }),
          ],
          2,
          { gross_total: '2000.00', discount_total: '100.00', net_total: '1900.00', service_charge_total: '95.50' },
        ),
      },
    });
    setup({ salesperson: 11, date_from: '2026-11-01', date_to: '2026-11-15' });
    const grid = await screen.findByRole('grid', { name: 'Sale lines' });
    const card = within(grid).getByRole('row', { name: /BDO Unibank/ });
    expect(within(card).getByText('₱900.00')).toBeInTheDocument();
    expect(within(card).getByText('Card')).toBeInTheDocument();
    // Days in words, as every screen writes them (lib/format.ts).
    expect(within(card).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText(/Sale lines for 1 Nov 2026 to 15 Nov 2026, Ana Reyes — 2 in all/)).toBeInTheDocument();
    // The server's sums of every matching line, beside the count (decision 0505).
    expect(
      screen.getByText('Net ₱1,900.00 · discounts ₱100.00 · service charge ₱95.50 on top', { normalizer: (t) => t }),
    ).toBeInTheDocument();
    const read = calls.find((c) => c.url.startsWith('/reports/daily-sales/'));
    const query = (url: string | null | undefined) => Object.fromEntries(new URLSearchParams(url?.split('?')[1]));
    expect(query(read?.url)).toEqual({
      date_from: '2026-11-01',
      date_to: '2026-11-15',
      salesperson: '11',
      page: '1',
      pageSize: '25',
      ordering: '-date,-id',
    });
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csv?.startsWith('/api/reports/daily-sales/?')).toBe(true);
    expect(query(csv)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-15', salesperson: '11', format: 'csv' });
  });

  it('says how many sales the lines are when a visit paid partly by its deposit is two of them (decision 0508)', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/daily-sales/': {
        status: 200,
        data: saleLinesPage([saleLine(1), saleLine(2), saleLine(3)], 3, { sales_count: 2 }),
      },
    });
    setup({ date: '2026-11-20' });
    expect(
      await screen.findByText(
        'Sale lines for 20 Nov 2026 — 3 in all (2 sales: a visit paid partly by its deposit is two lines)',
      ),
    ).toBeInTheDocument();
  });

  it('requests the deletion of the chosen lines and shows what the server did', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/daily-sales/': {
        status: 200,
        data: saleLinesPage([saleLine(1), saleLine(2, { net_amount: '900.00' })]),
      },
      'POST /reports/delete-sales-data/': {
        status: 202,
        data: { result: 'requested', deleted: 0, message: 'Your request to delete 1 sale was sent for approval.' },
      },
    });
    setup({ date: '2026-11-20' });
    const deleteButton = await screen.findByRole('button', { name: /^Delete/ });
    expect(deleteButton).toBeDisabled();
    const second = await screen.findByRole('row', { name: /₱900\.00/ });
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this sale?' });
    // The approvers decide on the reason: none, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Say why these sales are deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText(/^Reason/));
    await userEvent.paste('Entered twice.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('Your request to delete 1 sale was sent for approval.')).not.toHaveLength(0);
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toEqual({
      ids: [2],
      reason: 'Entered twice.',
    });
  });

  it('shows a refusal (the day is approved) inside the delete dialog', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/daily-sales/': { status: 200, data: saleLinesPage([saleLine(1)]) },
      'POST /reports/delete-sales-data/': {
        status: 409,
        data: { message: 'Makati’s report for 2026-11-20 is approved; its sales can no longer change.' },
      },
    });
    setup({ date: '2026-11-20' });
    const line = await screen.findByRole('row', { name: /Ana Reyes/ });
    await userEvent.click(within(line).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/^Reason/));
    await userEvent.paste('Entered twice.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/is approved; its sales can no longer change/)).toBeInTheDocument();
  });

  it('says when nothing matches, and when the lines cannot be loaded', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/daily-sales/': { status: 200, data: saleLinesPage([]) },
    });
    setup({ date: '2026-11-20', payment_method: 'e_wallet' });
    expect(await screen.findByText('No sale lines match these filters.')).toBeInTheDocument();
  });

  it('shows the load error with Try again', async () => {
    mockApi({ 'GET /locations/': { status: 200, data: locationsPage }, 'GET /reports/daily-sales/': 'network-error' });
    setup({});
    expect(await screen.findByText('The sale lines could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
