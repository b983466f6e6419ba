import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { SellDialog, type Seller } from './sell-dialog';
import { liza, page, services, voucher } from './test-data';

const options = {
  'GET /locations/': { status: 200, data: page([{ id: 2, name: 'Makati', is_active: true }]) },
  'GET /services/treatments/': { status: 200, data: page([{ id: 3, name: 'Hilot', price: '1000.00' }]) },
  'GET /services/memberships/': { status: 200, data: page([]) },
  // What a salesperson is sent (the directory view): the masked number, never the number itself.
  'GET /banks/': {
    status: 200,
    data: page([{ id: 5, name: 'BDO', account_number_masked: '••••3456', is_active: true }]),
  },
  'GET /salespersons/': { status: 200, data: page([{ id: 4, full_name: 'Ana Cruz' }]) },
};
const sale = {
  id: 1,
  date: '2026-11-25',
  amount: '3000.00',
  discount: '0.00',
  net_amount: '3000.00',
  payment_method: 'card',
  bank: 5,
  reference: 'V-000055',
  reference_no: '',
};

const pick = async (dialog: HTMLElement, label: RegExp, option: string) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('sell voucher dialog', () => {
  it('needs a bank for a card payment before anything is sent, then sells with one Idempotency-Key per opening', async () => {
    const calls = mockApi({
      ...options,
      'POST /clients/treatments/': {
        status: 201,
        data: { ...voucher({ sessions_total: 3, sessions_used: 0, sessions_remaining: 3 }), sale },
      },
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

    await pick(dialog, /^Bank/, 'BDO · ••••3456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    const receipt = await screen.findByRole('document', { name: 'Receipt V-000055' });
    expect(
      within(receipt).getByText('Hilot voucher V-000055: 3 sessions, 3 left, valid until 31 Dec 2026'),
    ).toBeInTheDocument();
    // The sale names its bank by id; the receipt names it as the Bank field did, masked.
    expect(within(receipt).getByText('Card · BDO ••••3456')).toBeInTheDocument();
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

  it('needs the reference of an e-wallet (GCash) payment before anything is sent, as the server does', async () => {
    const calls = mockApi({
      ...options,
      'POST /clients/treatments/': {
        status: 201,
        data: { ...voucher(), sale: { ...sale, payment_method: 'e_wallet', reference_no: 'GC-501234' } },
      },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,000.00');
    await pick(dialog, /^Salesperson/, 'Ana Cruz');
    await pick(dialog, /^Payment/, 'GCash / Maya (e-wallet)');
    const reference = within(dialog).getByRole('textbox', { name: /^Reference no\./ });
    expect(reference).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    expect(await within(dialog).findByText('Enter the e-wallet reference number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(reference);
    await userEvent.paste('GC-501234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({
      payment_method: 'e_wallet',
      bank: null,
      reference_no: 'GC-501234',
    });
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
    await screen.findByRole('document', { name: 'Receipt V-000055' });
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

const salesperson: Seller = { id: 21, groups: ['Salesperson'], locations: [{ id: 2, name: 'Makati' }] };
const twoBranches = {
  ...options,
  'GET /locations/': {
    status: 200,
    data: page([
      { id: 2, name: 'Makati', is_active: true },
      { id: 3, name: 'Cebu', is_active: true },
    ]),
  },
  'GET /salespersons/': {
    status: 200,
    data: page([
      { id: 4, full_name: 'Ana Cruz' },
      { id: 9, full_name: 'Maria Santos' },
    ]),
  },
  'GET /salespersons/by-user/21/': {
    status: 200,
    data: { id: 9, full_name: 'Maria Santos', location: 2, is_active: true },
  },
};

describe('sell dialog for the desk', () => {
  it('preselects the signed-in salesperson at their own location and offers only the locations they work at', async () => {
    const calls = mockApi({
      ...twoBranches,
      'POST /clients/treatments/': {
        status: 201,
        data: { ...voucher({ sessions_total: 1, sessions_used: 0, sessions_remaining: 1 }), sale },
      },
    });
    renderWithRouter(
      <SellDialog kind="voucher" client={{ ...liza, location: 3 }} seller={salesperson} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Salesperson/ })).toHaveTextContent('Maria Santos'),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveTextContent('Makati');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Location/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Makati']);
    await userEvent.keyboard('{Escape}');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
    await screen.findByRole('document', { name: 'Receipt V-000055' });
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({
      location: 2,
      salesperson: 9,
    });
  });

  it('shows the total before Sell: price × sessions less the discount typed with a peso sign and commas', async () => {
    const calls = mockApi({
      ...options,
      'GET /services/treatments/': { status: 200, data: page([{ id: 3, name: 'Hilot', price: '1500.00' }]) },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,500.00');
    const sessions = within(dialog).getByLabelText(/^Sessions/);
    await userEvent.clear(sessions);
    await userEvent.type(sessions, '6');
    expect(within(dialog).getByRole('status', { name: 'Total' })).toHaveTextContent(
      '₱1,500.00 × 6 sessionsTotal ₱9,000.00',
    );
    await userEvent.click(within(dialog).getByLabelText(/^Discount/));
    await userEvent.paste('₱1,000.50');
    expect(within(dialog).getByRole('status', { name: 'Total' })).toHaveTextContent(
      '₱1,500.00 × 6 sessions − ₱1,000.50 discountTotal ₱7,999.50',
    );
    await userEvent.clear(within(dialog).getByLabelText(/^Discount/));
    await userEvent.click(within(dialog).getByLabelText(/^Discount/));
    await userEvent.paste('9000.01');
    expect(within(dialog).getByRole('status', { name: 'Total' })).toHaveTextContent(
      'The discount cannot exceed the price.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says up front that an approved day takes no sales, and keeps Sell off', async () => {
    mockApi({
      ...options,
      'GET /reports/': { status: 200, data: page([{ id: 8, location: 2, status: 'approved' }]) },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        /^The daily report for Makati on .+ is approved, so that day's books are closed and take no more sales\./,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sell' })).toBeDisabled();
  });

  it('warns, without stopping the sale, when the client already holds the same active membership', async () => {
    mockApi({
      ...options,
      'GET /services/memberships/': { status: 200, data: page([{ id: 6, name: 'Gold', price: '25000.00' }]) },
      'GET /clients/7/services/': {
        status: 200,
        data: services({
          vouchers: [],
          memberships: [
            {
              id: 1,
              membership: 6,
              membership_name: 'Gold',
              start_date: '2026-06-01',
              end_date: '2027-05-20',
              status: 'active',
              allowed_treatments: [],
            },
          ],
        }),
      },
    });
    renderWithRouter(<SellDialog kind="membership" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/already has an active/)).not.toBeInTheDocument();
    await pick(dialog, /^Membership/, 'Gold · ₱25,000.00');
    expect(
      await within(dialog).findByText(
        /^Liza Soberano already has an active Gold membership until 20 May 2027\. You can still sell another\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sell' })).toBeEnabled();
  });
});

describe('sell dialog in a new business', () => {
  it('says where the treatments, salespersons and bank accounts it needs are added while there are none', async () => {
    mockApi({
      ...options,
      'GET /services/treatments/': { status: 200, data: page([]) },
      'GET /banks/': { status: 200, data: page([]) },
      'GET /salespersons/': { status: 200, data: page([]) },
    });
    renderWithRouter(<SellDialog kind="voucher" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('No treatments yet: an Admin adds them under Admin → Services.'),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText('No active salesperson works here: an Admin hires one under Admin → Employees.'),
    ).toBeInTheDocument();
    // Cash needs no bank; a card does, and there is none to choose yet.
    expect(within(dialog).getByText('Only for card and bank transfer.')).toBeInTheDocument();
    await pick(dialog, /^Payment/, 'Card');
    expect(
      within(dialog).getByText(
        'No bank accounts yet: an Admin adds them under Admin → Banks (switched on in Settings → Features).',
      ),
    ).toBeInTheDocument();
  });

  it('says where memberships are added while there are none to sell', async () => {
    mockApi(options);
    renderWithRouter(<SellDialog kind="membership" client={liza} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('No memberships yet: an Admin adds them under Admin → Services → Memberships.'),
    ).toBeInTheDocument();
  });
});
