import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ArrivalDialog } from './arrival-dialog';
import { liza, page, services, voucher } from './test-data';

const routes = {
  'GET /locations/': {
    status: 200,
    data: page([
      { id: 2, name: 'Makati', is_active: true },
      { id: 4, name: 'Ortigas', is_active: true },
    ]),
  },
  'GET /services/treatments/': {
    status: 200,
    data: page([
      { id: 3, name: 'Hilot', price: '1200.00' },
      { id: 8, name: 'Foot spa', price: '1800.00' },
    ]),
  },
  'GET /therapists/': { status: 200, data: page([{ id: 9, full_name: 'Enrique Andrada' }]) },
  'GET /salespersons/': { status: 200, data: page([{ id: 4, full_name: 'Ana Cruz' }]) },
  'GET /banks/': {
    status: 200,
    data: page([{ id: 6, name: 'BDO', account_number_masked: '••••3456', is_active: true }]),
  },
};
/** The branch's first `n` therapists, as the therapists list answers. */
const therapistsOfOrtigas = (n: number) => ({
  status: 200,
  data: page(
    [
      { id: 9, full_name: 'Enrique Andrada' },
      { id: 12, full_name: 'Rosa Dimaano' },
      { id: 14, full_name: 'Bea Reyes' },
      { id: 15, full_name: 'Carlo Diaz' },
    ].slice(0, n),
  ),
});
/** A therapist's line on the branch's board, as the board answers it. */
const entry = (therapist: number, therapist_name: string, state: string, more = {}) => ({
  position: therapist,
  therapist,
  therapist_name,
  state,
  is_next: false,
  service: null,
  reservation: null,
  break_since: null,
  ...more,
});
/** Ortigas's board with this line (no rooms, no reservations). */
const boardOfOrtigas = (queue: ReturnType<typeof entry>[]) => ({
  status: 200,
  data: { location: 4, queue, rooms: [], reservations: [] },
});
// 02:07 UTC is 10:07 in Manila: the time starts on 10:00.
const NOW = new Date('2026-06-01T02:07:00Z');

/** The server's answer to a walk-in arrival paid at the desk. */
const walkInLogged = (net: string, method: string) => ({
  status: 201,
  data: {
    id: 1,
    voucher_code: null,
    client_name: 'Liza Soberano',
    therapist_name: 'Enrique Andrada',
    sale: { net_amount: net, payment_method: method },
  },
});

/** The card for Liza (no vouchers) at the Ortigas desk, the walk-in's send answered by `post`. */
const openWalkIn = async (post: MockHandler, more: Record<string, MockHandler> = {}) => {
  const calls = mockApi({
    ...routes,
    ...more,
    'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) },
    'POST /clients/arrivals/': post,
  });
  renderWithRouter(
    <ArrivalDialog client={liza} onClose={() => undefined} now={NOW} desk={{ id: 1, locations: [4], admin: false }} />,
  );
  await screen.findByRole('combobox', { name: /^Treatment/ });
  return { calls, dialog: screen.getByRole('dialog') };
};

const pick = async (dialog: HTMLElement, label: RegExp, option: string | RegExp) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('arrival card', () => {
  it('starts at now’s slot, not the next one: at 10:53 the time is 10:45 (decision 0910)', async () => {
    mockApi({ ...routes, 'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) } });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={new Date('2026-06-01T02:53:00Z')} />);
    expect(await screen.findByRole('combobox', { name: /^Time/ })).toHaveTextContent('10:45');
  });

  it('starts at now on the 15-minute grid, offers the voucher for its treatment, blocks it for another, and redeems it', async () => {
    const calls = mockApi({
      ...routes,
      'GET /clients/7/services/': {
        status: 200,
        data: services({ vouchers: [voucher(), voucher({ id: 56, code: 'V-000056', expires_on: '2026-05-01' })] }),
      },
      'POST /clients/arrivals/': {
        status: 201,
        data: { id: 1, voucher_code: 'V-000055', therapist_name: 'Enrique Andrada' },
      },
    });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={NOW} />);
    // The form appears once what the client may use has loaded.
    expect(await screen.findByRole('combobox', { name: /^Time/ })).toHaveTextContent('10:00');
    const dialog = screen.getByRole('dialog');
    // The day under the time is written as people read it, not as the API stores it.
    expect(within(dialog).getByText('Today, 1 Jun 2026')).toBeInTheDocument();

    // Nothing is wrong before the desk did anything: the voucher waits for its treatment, in grey.
    expect(within(dialog).getByText('Choose Hilot as the treatment to use it.')).not.toHaveClass(
      'MuiTypography-colorError',
    );
    await pick(dialog, /^Treatment/, 'Foot spa · ₱1,800.00');
    const why = within(dialog).getAllByText('For Hilot only: choose it as the treatment to use this voucher.');
    expect(why).toHaveLength(1);
    // Why a voucher does not fit is said in neutral text, not as an error (issue 34).
    expect(why[0]).not.toHaveClass('MuiTypography-colorError');
    expect(within(dialog).getByText('Expired on 1 May 2026.')).not.toHaveClass('MuiTypography-colorError');
    expect(within(dialog).getByText('Expired on 1 May 2026.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /V-000055/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /No voucher or membership/ })).toBeChecked();

    await pick(dialog, /^Treatment/, 'Hilot · voucher, 2 sessions left');
    expect(within(dialog).getByRole('radio', { name: /V-000055/ })).toBeChecked();
    // On a voucher nothing is paid at the desk.
    expect(within(dialog).queryByText('Payment at the desk')).not.toBeInTheDocument();
    expect(within(dialog).getByText('2 sessions left of 3 · expires 31 Dec 2026')).toBeInTheDocument();
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await screen.findByText('Arrival logged; one session of V-000055 used.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.data))).toMatchObject({
      client: 7,
      location: 2,
      date: '2026-06-01',
      time: '10:00',
      therapist: 9,
      treatment: 3,
      voucher: 55,
      client_membership: null,
    });
  });

  it("shows the server's refusal on the voucher (used up by someone else meanwhile), reads it again and moves the choice to paying at the desk", async () => {
    const message = 'Voucher V-000055 is used up (3 of 3 sessions).';
    let reads = 0;
    const calls = mockApi({
      ...routes,
      // Another desk used the last session between the opening and the send.
      'GET /clients/7/services/': () => ({
        status: 200,
        data: services({
          vouchers: [
            ++reads === 1 ? voucher() : voucher({ sessions_used: 3, sessions_remaining: 0, status: 'used_up' }),
          ],
        }),
      }),
      'POST /clients/arrivals/': { status: 409, data: { message, errors: { voucher: [message] } } },
    });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={NOW} />);
    await screen.findByRole('combobox', { name: /^Treatment/ });
    const dialog = screen.getByRole('dialog');
    await pick(dialog, /^Treatment/, /^Hilot/);
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    expect(within(dialog).getByRole('radio', { name: /Voucher V-000055/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));

    expect(await within(dialog).findByText('All sessions are used.')).toBeInTheDocument();
    // The refusal stays, saying why the choice moved.
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Voucher V-000055/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /No voucher or membership/ })).toBeChecked();
    // A visit now: paid at checkout, after the service (decision 0910).
    expect(within(dialog).getByText('Paid at checkout, after the service.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('takes no payment for a visit now: it is paid at checkout, after the service (decision 0910)', async () => {
    const { calls, dialog } = await openWalkIn({
      status: 201,
      data: { id: 1, voucher_code: null, sale: null, client_name: 'Liza Soberano', therapist_name: 'Enrique Andrada' },
    });
    expect(within(dialog).getByRole('combobox', { name: /^Time/ })).toHaveTextContent('10:00');
    await pick(dialog, /^Treatment/, 'Foot spa · ₱1,800.00');
    expect(within(dialog).getByText('Paid at checkout, after the service.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^Payment/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^Salesperson/ })).not.toBeInTheDocument();
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await screen.findByText('Arrival logged for Enrique Andrada.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({
      time: '10:00',
      voucher: null,
      client_membership: null,
      payment: null,
    });
  });

  it('takes a walk-in payment: sends it with one Idempotency-Key across retries and says what was recorded', async () => {
    let attempts = 0;
    // The first answer is lost on the way back; the retry gets the stored arrival.
    const { calls, dialog } = await openWalkIn(() =>
      ++attempts === 1 ? 'network-error' : walkInLogged('1600.00', 'card'),
    );
    // Served at the desk's own branch (Ortigas), not the client's home (Makati), and only there.
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveTextContent('Ortigas');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Location/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ortigas']);
    await userEvent.keyboard('{Escape}');

    // A visit logged for an earlier time is a record of a visit paid at the desk: its payment is taken.
    await pick(dialog, /^Time/, '09:00');
    await pick(dialog, /^Treatment/, 'Foot spa · ₱1,800.00');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('₱1,800.00');
    // The branch's only salesperson is chosen for the desk.
    expect(within(dialog).getByRole('combobox', { name: /^Salesperson/ })).toHaveTextContent('Ana Cruz');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await pick(dialog, /^Payment/, 'Card');
    await userEvent.type(within(dialog).getByLabelText('Discount (₱)'), '200');
    expect(within(dialog).getByText('Net to collect: ₱1,600.00')).toBeInTheDocument();
    // A card payment names its bank account: said before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(
      await within(dialog).findByText('Choose the bank account the card or transfer payment goes to.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await pick(dialog, /^Bank/, 'BDO · ••••3456');
    await userEvent.click(within(dialog).getByLabelText('Reference no.'));
    await userEvent.paste('SLIP-88');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await within(dialog).findByText(/could not reach|network|connection/i)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(
      await screen.findByText('Arrival logged and ₱1,600.00 card recorded for Liza Soberano.'),
    ).toBeInTheDocument();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const [first, retry] = posts.map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(JSON.parse(String(posts[1]!.data))).toMatchObject({
      client: 7,
      location: 4,
      therapist: 9,
      treatment: 8,
      voucher: null,
      client_membership: null,
      payment: { salesperson: 4, payment_method: 'card', bank: 6, reference_no: 'SLIP-88', discount: '200.00' },
    });
  }, 60_000);

  it('asks for the GCash/Maya reference before sending an e-wallet walk-in, then sends it', async () => {
    const { calls, dialog } = await openWalkIn(walkInLogged('1200.00', 'e_wallet'));
    await pick(dialog, /^Time/, '09:00');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,200.00');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await pick(dialog, /^Payment/, 'GCash / Maya (e-wallet)');
    const reference = within(dialog).getByRole('textbox', { name: 'Reference no.' });
    expect(reference).toBeRequired();
    expect(within(dialog).getByText('The GCash or Maya reference number.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await within(dialog).findByText('Enter the e-wallet reference number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(reference);
    await userEvent.paste('1009234567890');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(
      await screen.findByText('Arrival logged and ₱1,200.00 GCash/Maya recorded for Liza Soberano.'),
    ).toBeInTheDocument();
    const [post] = calls.filter((c) => c.method === 'POST');
    expect(JSON.parse(String(post!.data))).toMatchObject({
      payment: { payment_method: 'e_wallet', bank: null, reference_no: '1009234567890' },
    });
  }, 60_000);

  it('logs a tandem the client asked for, with a service charge on the walk-in payment', async () => {
    const calls = mockApi({
      ...routes,
      'GET /therapists/': therapistsOfOrtigas(2),
      'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) },
      'POST /clients/arrivals/': walkInLogged('1800.00', 'cash'),
    });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={NOW} />);
    await screen.findByRole('combobox', { name: /^Treatment/ });
    const dialog = screen.getByRole('dialog');
    await pick(dialog, /^Time/, '09:30');
    await pick(dialog, /^Treatment/, 'Foot spa · ₱1,800.00');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    // The second therapist is another one: the first is not offered twice.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Second therapist/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Rosa Dimaano']);
    await userEvent.click(screen.getByRole('option', { name: 'Rosa Dimaano' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The client asked for this therapist' }));
    await userEvent.type(within(dialog).getByLabelText('Service charge (₱)'), '90');
    expect(within(dialog).getByText('Net to collect: ₱1,800.00 + service charge = ₱1,890.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(
      await screen.findByText('Arrival logged and ₱1,800.00 cash recorded for Liza Soberano.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({
      therapist: 9,
      second_therapist: 12,
      requested: true,
      payment: { payment_method: 'cash', service_charge: '90.00' },
    });
  });

  it('lists the therapists on shift first with their state, and offers no one on a break, in a service or off shift for a visit now', async () => {
    const calls = mockApi({
      ...routes,
      'GET /therapists/': therapistsOfOrtigas(4),
      'GET /floor/board/?location=4': boardOfOrtigas([
        entry(12, 'Rosa Dimaano', 'available', { is_next: true }),
        entry(14, 'Bea Reyes', 'on_break'),
        entry(9, 'Enrique Andrada', 'in_service', { service: { ends_at: '2026-06-01T03:30:00Z' } }),
      ]),
      'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) },
      'POST /clients/arrivals/': walkInLogged('1200.00', 'cash'),
    });
    renderWithRouter(
      <ArrivalDialog
        client={liza}
        onClose={() => undefined}
        now={NOW}
        desk={{ id: 1, locations: [4], admin: false }}
      />,
    );
    await screen.findByRole('combobox', { name: /^Treatment/ });
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Therapist/ }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'On shift',
      'Rosa Dimaano · Available · next in line',
      'Bea Reyes · On a break',
      'Enrique Andrada · In a service until 11:30',
      'Not clocked in',
      'Carlo Diaz · Not clocked in',
    ]);
    expect(within(listbox).getByRole('option', { name: 'Bea Reyes · On a break' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Carlo Diaz · Not clocked in' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The server books a visit now from now: one serving until 11:30 would be refused (decision 0909).
    expect(within(listbox).getByRole('option', { name: 'Enrique Andrada · In a service until 11:30' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');

    // A visit logged after it was served (09:00) may name who has since gone off shift, with a word on it.
    await pick(dialog, /^Time/, '09:00');
    await pick(dialog, /^Therapist/, 'Carlo Diaz · Not clocked in');
    // The closed field shows the name alone: the note is the menu's and the hint's.
    expect(within(dialog).getByRole('combobox', { name: /^Therapist/ })).toHaveTextContent(/^Carlo Diaz$/);
    expect(
      within(dialog).getByText('Not clocked in now: right only for a visit they served earlier today.'),
    ).toBeInTheDocument();
    // Moved back to now, the same choice is refused before anything is sent.
    await pick(dialog, /^Time/, '10:00');
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,200.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(
      await within(dialog).findAllByText(
        'Carlo Diaz is not clocked in here: choose a therapist on shift, or the earlier time they served.',
      ),
    ).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await pick(dialog, /^Therapist/, 'Rosa Dimaano · Available · next in line');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    await screen.findByText('Arrival logged and ₱1,200.00 cash recorded for Liza Soberano.');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({ therapist: 12 });
  });

  it("shows the floor's refusal under Therapist when the one chosen was given a client since the board was read (decision 0909), and keeps the card open", async () => {
    const message = 'Enrique Andrada is already serving or booked 10:05–11:05 then.';
    const { calls, dialog } = await openWalkIn(
      { status: 409, data: { message, errors: { therapist: [message] } } },
      { 'GET /floor/board/?location=4': boardOfOrtigas([entry(9, 'Enrique Andrada', 'available', { is_next: true })]) },
    );
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,200.00');
    await pick(dialog, /^Therapist/, 'Enrique Andrada · Available · next in line');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await within(dialog).findAllByText(message)).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('names the signed-in receptionist as who received the client, and lets the desk choose another or none', async () => {
    const dina = { id: 21, full_name: 'Dina Go', location: 4, is_active: true, user: 1 };
    const { calls, dialog } = await openWalkIn(walkInLogged('1200.00', 'cash'), {
      'GET /receptionists/': { status: 200, data: page([dina, { id: 22, full_name: 'Lorna Uy' }]) },
      'GET /receptionists/by-user/1/': { status: 200, data: dina },
    });
    const received = within(dialog).getByRole('combobox', { name: /^Received by/ });
    await waitFor(() => expect(received).toHaveTextContent('Dina Go'));
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,200.00');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    await screen.findByText('Arrival logged and ₱1,200.00 cash recorded for Liza Soberano.');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({ receptionist: 21 });
  });

  it('starts with nobody received-by for someone who is not a receptionist (a Manager at the desk)', async () => {
    const { calls, dialog } = await openWalkIn(walkInLogged('1200.00', 'cash'), {
      'GET /receptionists/': { status: 200, data: page([{ id: 22, full_name: 'Lorna Uy' }]) },
      'GET /receptionists/by-user/1/': { status: 404, data: { message: 'Not found.' } },
    });
    await pick(dialog, /^Treatment/, 'Hilot · ₱1,200.00');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    expect(within(dialog).getByRole('combobox', { name: /^Received by/ })).toHaveTextContent('None');
    await pick(dialog, /^Received by/, 'Lorna Uy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    await screen.findByText('Arrival logged and ₱1,200.00 cash recorded for Liza Soberano.');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toMatchObject({ receptionist: 22 });
  });

  it('says when what the client may use could not be loaded', async () => {
    mockApi({
      ...routes,
      'GET /clients/7/services/': { status: 403, data: { message: 'You do not have permission to do this.' } },
    });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={NOW} />);
    expect(
      await screen.findByRole('heading', { name: 'What this client may use could not be loaded' }),
    ).toBeInTheDocument();
  });
});
