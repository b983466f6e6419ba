import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClientHistoryEntry } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { HistoryTab } from './client-history';
import { page } from './test-data';

const entry = (overrides: Partial<ClientHistoryEntry> = {}): ClientHistoryEntry => ({
  id: 2,
  at: '2026-11-20T02:30:00.000Z',
  actor: 3,
  actor_name: 'Maria Santos',
  action: 'update',
  table: 'clients',
  changes: [
    { field: 'phone', before: '+639171234567', after: '+639181234567' },
    { field: 'updated_at', before: '2026-11-19T00:00:00.000Z', after: '2026-11-20T02:30:00.000Z' },
  ],
  subject: {},
  ...overrides,
});
const created = entry({
  id: 1,
  action: 'create',
  actor_name: 'Admin User',
  changes: [
    { field: 'id', before: null, after: 7 },
    { field: 'first_name', before: null, after: 'Liza' },
    { field: 'address', before: null, after: '' },
    { field: 'is_active', before: null, after: true },
  ],
});
const url = (p: number) => `/clients/7/history/?page=${p}&pageSize=25`;

describe('client history tab', () => {
  it('says what changed in one sentence, who and when under it, newest first', async () => {
    const calls = mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([entry(), created]) } });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [update, create] = within(list).getAllByRole('listitem');
    expect(update).toHaveTextContent(
      "Ana Cruz's profile changed: phone from +63 917 123 4567 to +63 918 123 4567." +
        'By Maria Santos, 20 Nov 2026, 10:30 am',
    );
    expect(update).not.toHaveTextContent(/updated at/i);
    // A new client is active: only what was typed is named.
    expect(create).toHaveTextContent(
      "Ana Cruz's profile was created with first name Liza.By Admin User, 20 Nov 2026, 10:30 am",
    );
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([url(1)]);
  });

  it('tells a visit as one sentence, in the panel’s one time format', async () => {
    const visit = entry({
      id: 40,
      action: 'create',
      table: 'client_arrivals',
      at: '2026-11-29T04:02:00.000Z',
      changes: [
        { field: 'date', before: null, after: '2026-11-29' },
        { field: 'time', before: null, after: '12:00' },
        { field: 'status', before: null, after: 'arrived' },
        { field: 'requested', before: null, after: false },
      ],
      subject: {
        client_name: 'Ana Cruz',
        date: '2026-11-29',
        time: '12:00',
        location_name: 'Makati Salcedo',
        treatment_name: 'Swedish massage',
        therapist_name: 'Liza Reyes',
      },
    });
    // Written in bulk (demo data): no person recorded it.
    const bulk = entry({
      id: -11,
      action: 'create',
      table: 'client_arrivals',
      actor_name: 'System',
      at: '2026-11-26T11:45:00.000Z',
      changes: [
        { field: 'date', before: null, after: '2026-11-26' },
        { field: 'time', before: null, after: '19:45' },
        { field: 'treatment_name', before: null, after: 'Aromatherapy' },
        { field: 'therapist_name', before: null, after: 'Joy Santos' },
        { field: 'second_therapist_name', before: null, after: 'Liza Reyes' },
        { field: 'location_name', before: null, after: 'Ortigas' },
        { field: 'voucher_code', before: null, after: 'V-000055' },
        { field: 'status', before: null, after: 'arrived' },
      ],
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([visit, bulk]) } });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [logged, seeded] = within(list).getAllByRole('listitem');
    expect(logged).toHaveTextContent(
      'Ana Cruz arrived at Makati Salcedo for a Swedish massage with Liza Reyes, 29 Nov 2026, 12:00 pm.' +
        'By Maria Santos, 29 Nov 2026, 12:02 pm',
    );
    expect(seeded).toHaveTextContent(
      'Ana Cruz arrived at Ortigas for an Aromatherapy with Joy Santos and Liza Reyes, 26 Nov 2026, 7:45 pm, ' +
        'on voucher V-000055.26 Nov 2026, 7:45 pm',
    );
    expect(list).not.toHaveTextContent(/Date:|Time:|Status:|System|12:00(?! pm)/);
  });

  it('names the visit a cancel or a change is about, though only its status or time changed', async () => {
    const subject = { date: '2026-11-29', time: '13:00', location_name: 'Makati', treatment_name: 'Hilot' };
    const cancelled = entry({
      id: 8,
      action: 'cancel',
      table: 'client_arrivals',
      changes: [
        { field: 'status', before: 'arrived', after: 'cancelled' },
        { field: 'cancelled_at', before: null, after: '2026-11-29T05:10:00.000Z' },
      ],
      subject,
    });
    const moved = entry({
      id: 6,
      table: 'client_arrivals',
      changes: [{ field: 'time', before: '11:45', after: '13:00' }],
      subject,
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([cancelled, moved]) } });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [cancel, change] = within(list).getAllByRole('listitem');
    expect(cancel).toHaveTextContent("Ana Cruz's visit at Makati for a Hilot, 29 Nov 2026, 1:00 pm, was cancelled.");
    expect(change).toHaveTextContent(
      "Ana Cruz's visit of 29 Nov 2026, 1:00 pm changed: time from 11:45 am to 1:00 pm.",
    );
  });

  it('tells a membership and a voucher sold with their price, dates and seller, never an id', async () => {
    const voucher = entry({
      id: 30,
      action: 'sell',
      table: 'client_treatments',
      changes: [
        { field: 'treatment', before: null, after: 15 },
        { field: 'treatment_name', before: null, after: 'Hilot' },
        { field: 'code', before: null, after: 'V-000055' },
        { field: 'sessions_total', before: null, after: 3 },
        { field: 'price_paid', before: null, after: '4350.00' },
        { field: 'expires_on', before: null, after: '2027-11-25' },
        { field: 'location_name', before: null, after: 'Makati' },
        { field: 'salesperson', before: null, after: 1 },
        { field: 'salesperson_name', before: null, after: 'Ana Reyes' },
      ],
    });
    const membership = entry({
      id: -9,
      action: 'sell',
      table: 'client_memberships',
      actor_name: 'System',
      changes: [
        { field: 'membership_name', before: null, after: 'Gold' },
        { field: 'start_date', before: null, after: '2026-11-01' },
        { field: 'end_date', before: null, after: '2027-10-31' },
        { field: 'price_paid', before: null, after: '12000.00' },
        { field: 'location_name', before: null, after: 'Ortigas' },
      ],
    });
    const missed = entry({
      id: 5,
      table: 'client_treatments',
      changes: [{ field: 'status', before: 'active', after: 'expired' }],
      subject: { code: 'V-000055', treatment_name: 'Hilot' },
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([voucher, membership, missed]) } });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [sold, member, expired] = within(list).getAllByRole('listitem');
    expect(sold).toHaveTextContent(
      'Ana Cruz bought voucher V-000055 for 3 sessions of Hilot at Makati for ₱4,350.00, expiring 25 Nov 2027, sold by Ana Reyes.',
    );
    expect(member).toHaveTextContent(
      'Ana Cruz bought a Gold membership at Ortigas for ₱12,000.00, valid 1 Nov 2026 to 31 Oct 2027.',
    );
    expect(expired).toHaveTextContent("Ana Cruz's voucher V-000055 (Hilot) changed: status from Active to Expired.");
    expect(list).not.toHaveTextContent(/\b15\b|: 1\b/);
  });

  it('loads older entries a page at a time', async () => {
    const first = Array.from({ length: 25 }, (_, i) => entry({ id: 100 - i, actor_name: `Editor ${i}` }));
    mockApi({
      [`GET ${url(1)}`]: { status: 200, data: { count: 26, next: url(2), previous: null, results: first } },
      [`GET ${url(2)}`]: { status: 200, data: { count: 26, next: null, previous: url(1), results: [created] } },
    });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more (1 older)' }));
    expect(await screen.findByText("Ana Cruz's profile was created with first name Liza.")).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'history' })).getAllByRole('listitem')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([]) } });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
  });

  it('shows the server sentence on an error and tries again', async () => {
    let fail = true;
    mockApi({
      [`GET ${url(1)}`]: () =>
        fail
          ? { status: 429, data: { message: 'Too many requests; wait a minute.' } }
          : { status: 200, data: page([entry()]) },
    });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Too many requests; wait a minute.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Ana Cruz's profile changed: phone/)).toBeInTheDocument();
  });

  it('shows a loading state while the first page is on its way', async () => {
    mockApi({ [`GET ${url(1)}`]: 'pending' });
    renderWithRouter(<HistoryTab clientId={7} clientName="Ana Cruz" />);
    expect(await screen.findByLabelText('Loading history')).toHaveAttribute('aria-busy', 'true');
  });
});
