import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ReservationForm } from './reservation-form';

const page = (results: unknown[]) => ({
  status: 200,
  data: { count: results.length, next: null, previous: null, results },
});

const pick = async (label: RegExp, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

const options = {
  'GET /services/treatments/': page([{ id: 3, name: 'Hilot' }]),
  'GET /therapists/': page([{ id: 11, full_name: 'Ana Cruz' }]),
  'GET /locations/': page([{ id: 2, name: 'Makati Salcedo', opening_time: '10:00', closing_time: '22:00' }]),
};

/** The form for Rosa on 27 Nov, at the branch of id 2, read on the 26th (or at `now`). */
const renderForm = (onClose: () => void, now = '2026-11-26T02:00:00Z') =>
  renderWithRouter(
    <ReservationForm
      client={{ id: 9, full_name: 'Rosa Dela Cruz' }}
      location={2}
      date="2026-11-27"
      now={now}
      onClose={onClose}
    />,
  );

/** The Time list's options once it starts at `first` (the branch's hours are read first). */
const timesFrom = async (first: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: /^Time/ }));
  const listbox = await screen.findByRole('listbox');
  await vi.waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent(first));
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
};

describe('reservation form', () => {
  it("lists times from the branch's opening on another day (decision 0913)", async () => {
    mockApi(options);
    renderForm(vi.fn());
    const listed = await timesFrom('10:00');
    expect(listed.at(-1)).toBe('23:45');
    expect(listed).not.toContain('09:45');
  });

  it('lists times from now, rounded up to the next slot, on today', async () => {
    mockApi(options);
    // 06:37 UTC is 14:37 in Manila on the 27th, the form's day.
    renderForm(vi.fn(), '2026-11-27T06:37:00Z');
    const listed = await timesFrom('14:45');
    expect(listed).not.toContain('14:30');
  });

  it("books with a GCash deposit: the server's refusal shows under the reference, then the booking is sent with it", async () => {
    const refusal = 'Enter the GCash/Maya reference.';
    const calls = mockApi({
      ...options,
      'POST /floor/reservations/': (req) => {
        const body = JSON.parse(String(req.data)) as { deposit: { reference_no: string } };
        if (!body.deposit.reference_no)
          return { status: 400, data: { message: refusal, errors: { 'deposit.reference_no': [refusal] } } };
        return { status: 201, data: { ...body, id: 1, client_name: 'Rosa Dela Cruz' } };
      },
    });
    const onClose = vi.fn();
    renderForm(onClose);
    await pick(/^Time/, '15:00');
    await pick(/^Treatment/, 'Hilot');
    await pick(/^Therapist/, 'Ana Cruz');
    await pick(/^Deposit$/, 'GCash / Maya');
    await userEvent.click(screen.getByLabelText(/^Deposit amount/));
    await userEvent.paste('₱1,000');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reference no/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByLabelText(/^Reference no/));
    await userEvent.paste('GC-7781');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Booked Rosa Dela Cruz at 15:00 on 27 Nov 2026.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)) as unknown);
    expect(sent[1]).toMatchObject({
      client: 9,
      location: 2,
      date: '2026-11-27',
      time: '15:00',
      treatment: 3,
      therapist: 11,
      room: null,
      deposit: { payment_method: 'e_wallet', bank: null, amount: '1000.00', reference_no: 'GC-7781' },
    });
  });

  it('asks for the deposit amount by name when a deposit is chosen without one, and sends nothing', async () => {
    const calls = mockApi(options);
    renderForm(vi.fn());
    await pick(/^Time/, '15:00');
    await pick(/^Treatment/, 'Hilot');
    await pick(/^Deposit$/, 'Cash');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Enter the deposit amount.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Deposit amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Enter an amount like/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('books with a card deposit: the bank account is asked for first, then sent with its slip reference', async () => {
    const calls = mockApi({
      ...options,
      'GET /banks/': page([{ id: 6, name: 'BDO', account_number_masked: '••••3456', is_active: true }]),
      'POST /floor/reservations/': (req) => ({
        status: 201,
        data: { ...(JSON.parse(String(req.data)) as object), id: 2, client_name: 'Rosa Dela Cruz' },
      }),
    });
    const onClose = vi.fn();
    renderForm(onClose);
    await pick(/^Time/, '16:00');
    await pick(/^Treatment/, 'Hilot');
    await pick(/^Deposit$/, 'Card');
    await userEvent.type(screen.getByLabelText(/^Deposit amount/), '500');
    await userEvent.click(screen.getByLabelText(/^Reference no/));
    await userEvent.paste('SLIP-12');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Choose the bank account the deposit went to.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await pick(/^Bank/, 'BDO · ••••3456');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)) as unknown);
    expect(sent).toMatchObject({
      time: '16:00',
      therapist: null,
      deposit: { payment_method: 'card', bank: 6, amount: '500.00', reference_no: 'SLIP-12' },
    });
  });

  it('says where bank accounts are added when a card deposit finds none, and names the missing account on Book', async () => {
    const calls = mockApi({ ...options, 'GET /banks/': page([]) });
    renderForm(vi.fn());
    await pick(/^Time/, '16:00');
    await pick(/^Treatment/, 'Hilot');
    await pick(/^Deposit$/, 'Bank transfer');
    expect(
      await screen.findByText(
        'No bank accounts yet: an Admin adds them under Admin → Banks (switched on in Settings → Features).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /^Bank/ }));
    expect(within(await screen.findByRole('listbox')).queryAllByRole('option')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByLabelText(/^Deposit amount/), '500');
    await userEvent.click(screen.getByLabelText(/^Reference no/));
    await userEvent.paste('TR-9');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Choose the bank account the deposit went to.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says where treatments are added while there is none to book', async () => {
    mockApi({ ...options, 'GET /services/treatments/': page([]) });
    renderForm(vi.fn());
    expect(
      await screen.findByText('No treatments yet: an Admin adds them under Admin → Services.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Its duration sets the booking’s length.')).not.toBeInTheDocument();
  });

  it('offers the client’s deposit credit and books on it: the credit is sent, the new deposit fields are gone', async () => {
    const calls = mockApi({
      ...options,
      'GET /floor/reservations/deposit-credits/': {
        status: 200,
        data: [
          {
            reservation: 41,
            date: '2026-11-20',
            status: 'no_show',
            treatment_name: 'Hilot',
            payment_method: 'e_wallet',
            bank: null,
            amount: '300.00',
            reference_no: 'GC-0300',
          },
        ],
      },
      'POST /floor/reservations/': (req) => ({
        status: 201,
        data: { ...(JSON.parse(String(req.data)) as object), id: 3, client_name: 'Rosa Dela Cruz' },
      }),
    });
    const onClose = vi.fn();
    renderForm(onClose);
    expect(
      await screen.findByText(
        '₱300.00 deposit credit from the no-show of 20 Nov 2026 — use it as this booking’s deposit.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/floor/reservations/deposit-credits/'))?.url).toBe(
      '/floor/reservations/deposit-credits/?client=9&location=2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use it' }));
    expect(
      screen.getByText(
        'This booking carries the ₱300.00 deposit credit from the no-show of 20 Nov 2026 (GCash/Maya, ref. GC-0300).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Deposit$/ })).not.toBeInTheDocument();
    await pick(/^Time/, '15:00');
    await pick(/^Treatment/, 'Hilot');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)) as unknown);
    expect(sent).toEqual([expect.objectContaining({ deposit: null, deposit_credit: 41, treatment: 3 })]);
  });
});
