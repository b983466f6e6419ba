import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { SellDialog } from './sell-dialog';
import { liza, page, voucher } from './test-data';

const options = {
  'GET /locations/': { status: 200, data: page([{ id: 2, name: 'Makati', is_active: true }]) },
  'GET /services/treatments/': { status: 200, data: page([{ id: 3, name: 'Hilot', price: '1000.00' }]) },
  'GET /services/memberships/': { status: 200, data: page([]) },
  'GET /banks/': { status: 200, data: page([{ id: 5, name: 'BDO', account_number: '0012-3456' }]) },
  'GET /salespersons/': { status: 200, data: page([{ id: 4, full_name: 'Ana Cruz' }]) },
};
const sale = { id: 1, net_amount: '3000.00' };

const pick = async (dialog: HTMLElement, label: RegExp, option: string) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('sell voucher dialog', () => {
  it('needs a bank for a card payment before anything is sent, then sells with one Idempotency-Key per opening', async () => {
    const calls = mockApi({
      ...options,
      'POST /clients/treatments/': { status: 201, data: { ...voucher({ sessions_total: 3, sessions_used: 0 }), sale } },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,000.00');
    const sessions = within(dialog).getByLabelText(/^Sessions/);
    await userEvent.clear(sessions);
    await userEvent.type(sessions, '3');
    await pick(dialog, /^Salesperson/, 'Ana Cruz');
    await pick(dialog, /^Payment/, 'Card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(
      await within(dialog).findByText('Choose the bank account the card or transfer payment goes to.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await pick(dialog, /^Bank/, 'BDO · 0012-3456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Voucher V-000055 sold: 3 × Hilot, ₱3,000.00.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.data))).toMatchObject({
      client: 7,
      treatment: 3,
      sessions: 3,
      location: 2,
      salesperson: 4,
      payment_method: 'card',
      bank: 5,
      discount: '0.00',
    });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same Idempotency-Key again when a sale is retried after a failure', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...options,
      'POST /clients/treatments/': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : { status: 201, data: { ...voucher(), sale } };
      },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,000.00');
    await pick(dialog, /^Salesperson/, 'Ana Cruz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await screen.findByText(/^Voucher V-000055 sold/);
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
