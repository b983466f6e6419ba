import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { manilaDateTime } from '@ginhawa/contract';
import { mockApi } from '../../test/api-mock';
import { renderWithRouter } from '../../test/render';
import { liza, page, services } from '../../features/clients/components/test-data';
import { aProposal, freeBed } from '../../features/floor/components/test-data';
import { LogVisitDialog } from './log-visit';

const BOARD = 'GET /floor/board/?location=1';
const proposal = aProposal(freeBed(5, 'Molave', 2, 'couple'));
const routes = {
  [BOARD]: { status: 200, data: { queue: [{ therapist: 11, therapist_name: 'Ana Cruz' }], next_change_at: null } },
  'GET /services/treatments/': { status: 200, data: page([{ id: 3, name: 'Hilot', price: '1200.00' }]) },
  'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) },
  'GET /salespersons/': { status: 200, data: page([]) },
  'GET /banks/': { status: 200, data: page([]) },
  'POST /floor/assign/propose/': { status: 200, data: proposal },
  'POST /floor/assign/': { status: 201, data: {} },
};
const desk = { id: 20, locations: [1], admin: false };

describe('LogVisitDialog (the client card’s Log arrival, decision 0914)', () => {
  it('is the floor’s visit-now dialog: the desk chooses the room and bed, and now is now', async () => {
    const calls = mockApi(routes);
    const onClose = vi.fn();
    renderWithRouter(<LogVisitDialog client={liza} desk={desk} onClose={onClose} />);
    // The line is read from the board first (a skeleton meanwhile), then the form shows.
    await screen.findByRole('button', { name: 'Log a visit that began earlier' });
    const dialog = screen.getByRole('dialog', { name: `Log arrival · ${liza.full_name}` });
    // No time to choose: a visit logged here starts when it is sent.
    expect(within(dialog).queryByRole('combobox', { name: /^Time/ })).not.toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Treatment/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hilot' }));
    const room = await within(dialog).findByRole('combobox', { name: 'Room and bed' });
    expect(room).toHaveTextContent('Narra · bed 1 · single (proposed)');
    await userEvent.click(room);
    await userEvent.click(await screen.findByRole('option', { name: 'Molave · bed 2 · couple' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log arrival' }));
    await screen.findByText(`${liza.full_name} is with Ana Cruz.`);
    const propose = calls.find((c) => c.method === 'POST' && c.url === '/floor/assign/propose/');
    expect(JSON.parse(String(propose?.data))).toEqual({ location: 1, client: 7, treatment: 3, therapist: null });
    const assign = calls.filter((c) => c.method === 'POST' && c.url === '/floor/assign/');
    expect(assign).toHaveLength(1);
    const body = JSON.parse(String(assign[0]?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ client: 7, location: 1, therapist: 11, treatment: 3, room: 5, bed: 2, payment: null });
    // The server's clock dates it: the body names no date or time, and the card's own call is not made.
    expect(body).not.toHaveProperty('time');
    expect(body).not.toHaveProperty('date');
    expect(calls.some((c) => c.url === '/clients/arrivals/')).toBe(false);
    expect(onClose).toHaveBeenCalled();
  });

  it('leads to the arrival card for a visit that began earlier, its time the slot before now', async () => {
    mockApi(routes);
    const before = manilaDateTime(new Date());
    renderWithRouter(<LogVisitDialog client={liza} desk={desk} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Log a visit that began earlier' }));
    const earlier = await screen.findByRole('dialog', { name: `Log an earlier visit · ${liza.full_name}` });
    const [h = 0, m = 0] = before.time.split(':').map(Number);
    const slot = Math.max(0, Math.floor((h * 60 + m) / 15) * 15 - 15);
    const shown = `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
    expect(within(earlier).getByRole('combobox', { name: /^Time/ })).toHaveTextContent(
      new RegExp(shown.replace(/^0/, '0?')),
    );
  });

  it('says the branch closed its books before the desk fills either dialog', async () => {
    const closed =
      'Makati closed today’s books at 13:02. A manager of Makati or an administrator may reopen the day to record more.';
    mockApi({
      ...routes,
      'GET /reports/day-status/?location=1': {
        status: 200,
        data: {
          report: 40,
          status: 'submitted',
          closed: true,
          message: closed,
          can_reopen: false,
          location_name: 'Makati',
        },
      },
    });
    renderWithRouter(<LogVisitDialog client={liza} desk={desk} onClose={vi.fn()} />);
    expect(await screen.findByText(closed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log a visit that began earlier' }));
    await screen.findByRole('dialog', { name: `Log an earlier visit · ${liza.full_name}` });
    expect(await screen.findByText(closed)).toBeInTheDocument();
  });
});
