import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ArrivalDialog } from './arrival-dialog';
import { liza, page, services, voucher } from './test-data';

const routes = {
  'GET /locations/': { status: 200, data: page([{ id: 2, name: 'Makati', is_active: true }]) },
  'GET /services/treatments/': {
    status: 200,
    data: page([
      { id: 3, name: 'Hilot' },
      { id: 8, name: 'Foot spa' },
    ]),
  },
  'GET /therapists/': { status: 200, data: page([{ id: 9, full_name: 'Enrique Andrada' }]) },
};
// 02:07 UTC is 10:07 in Manila: the time starts on 10:00.
const NOW = new Date('2026-06-01T02:07:00Z');

const pick = async (dialog: HTMLElement, label: RegExp, option: string) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('arrival card', () => {
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

    await pick(dialog, /^Treatment/, 'Foot spa');
    expect(within(dialog).getAllByText('Only for Hilot.')).toHaveLength(1);
    expect(within(dialog).getByText('Expired on 1 May 2026.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /V-000055/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /No voucher or membership/ })).toBeChecked();

    await pick(dialog, /^Treatment/, 'Hilot');
    expect(within(dialog).getByRole('radio', { name: /V-000055/ })).toBeChecked();
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

  it("shows the server's refusal on the voucher (used up by someone else meanwhile)", async () => {
    const message = 'This voucher has no sessions left.';
    mockApi({
      ...routes,
      'GET /clients/7/services/': { status: 200, data: services() },
      'POST /clients/arrivals/': { status: 409, data: { message, errors: { voucher: [message] } } },
    });
    renderWithRouter(<ArrivalDialog client={liza} onClose={() => undefined} now={NOW} />);
    await screen.findByRole('combobox', { name: /^Treatment/ });
    const dialog = screen.getByRole('dialog');
    await pick(dialog, /^Treatment/, 'Hilot');
    await pick(dialog, /^Therapist/, 'Enrique Andrada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
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
