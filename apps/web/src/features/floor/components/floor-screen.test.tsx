import { useEffect, type ComponentProps } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Board, BoardReservation } from '@ginhawa/contract';
import { boardReply, mockApi, type MockReply } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { FloorScreen, type FloorUser } from './floor-screen';
import { dayBlocks, minutesOf } from './floor-time';
import { aBoard, aProposal, aQueueEntry, benServingRico, freeBed } from './test-data';
import type { VisitUse, VisitUseSlot } from './visit-use';

const BOARD_KEY = 'GET /floor/board/?location=2';
const desk: FloorUser = { locations: [{ id: 2, name: 'Makati' }], admin: false, manages: false, frontDesk: true };

const reservation = (over: Partial<BoardReservation> = {}): BoardReservation => ({
  id: 70,
  client: 5,
  client_name: 'Liza Soberano',
  location: 2,
  date: '2026-11-25',
  time: '15:00',
  starts_at: '2026-11-25T07:00:00Z',
  ends_at: '2026-11-25T08:00:00Z',
  duration_minutes: 60,
  treatment: 3,
  treatment_name: 'Hilot',
  therapist: 12,
  therapist_name: 'Ben Reyes',
  room: 4,
  room_name: 'Narra',
  bed: 1,
  status: 'booked',
  deposit: {
    payment_method: 'e_wallet',
    bank: null,
    amount: '200.00',
    reference_no: 'GC123',
    status: 'held',
    refunded: null,
  },
  notes: '',
  arrival: null,
  closed_at: null,
  // 15:00 Manila plus the default 15 minutes' grace.
  no_show_from: '2026-11-25T07:15:00Z',
  ...over,
});

const board = aBoard({
  queue: [aQueueEntry({ position: 1, is_next: true }), benServingRico({ position: 2 })],
  rooms: [
    {
      id: 4,
      name: 'Narra',
      kind: 'couple',
      rule: 'any',
      beds: 2,
      free_beds: 1,
      occupied: [
        {
          bed: 2,
          arrival: 90,
          reservation: null,
          client_name: 'Rico Blanco',
          therapist: 12,
          therapist_name: 'Ben Reyes',
          ends_at: '2026-11-25T05:30:00Z',
        },
      ],
    },
  ],
  reservations: [reservation()],
});

const picker = (onPick: (c: { id: number; full_name: string }) => void) => (
  <button type="button" onClick={() => onPick({ id: 9, full_name: 'Rosa Dela Cruz' })}>
    Pick Rosa
  </button>
);

/** The clients feature's fields, as the app composes them: here they report a fixed choice. */
let chosenUse: VisitUse = { voucher: null, client_membership: null, payment: null };
const StubUse = ({ onChange, treatment, deposit, refused }: Parameters<VisitUseSlot>[0]) => {
  useEffect(() => onChange(chosenUse), [onChange]);
  return (
    <p>
      What the client uses, for treatment {String(treatment)}
      {deposit ? `, less the ${deposit.payment_method} deposit of ${deposit.amount}` : ''}
      {refused ? ` (sends refused: ${refused})` : ''}
    </p>
  );
};
const visitUse: VisitUseSlot = (props) => <StubUse {...props} />;

/** The floor at `path` for the desk (`over` changing who), with the app's slots and any further `props`. */
const renderFloor = (
  over: Partial<FloorUser> = {},
  props: Partial<ComponentProps<typeof FloorScreen>> = {},
  path = '/floor',
) =>
  renderWithRouter(
    <FloorScreen
      user={{ ...desk, ...over }}
      clientPicker={picker}
      roomsPath="/floor/rooms"
      visitUse={visitUse}
      {...props}
    />,
    { path },
  );

const treatments = {
  status: 200,
  data: { count: 1, next: null, previous: null, results: [{ id: 3, name: 'Hilot', is_active: true }] },
};

/** The branch's staff as the Clock in dialog reads them: Ana and Ben are in the board's rotation. */
const staff = (rows: { id: number; full_name: string }[]) => ({
  status: 200,
  data: { count: rows.length, next: null, previous: null, results: rows },
});
const clockInRoutes = {
  [BOARD_KEY]: boardReply(board),
  'GET /therapists/': staff([
    { id: 11, full_name: 'Ana Cruz' },
    { id: 12, full_name: 'Ben Reyes' },
    { id: 13, full_name: 'Carla Lim' },
  ]),
  'GET /receptionists/': staff([{ id: 20, full_name: 'Dina Go' }]),
};
/** Opens Clock in and its Who list (a checkbox each: several clock in at once): the names offered. */
const clockInChoices = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
  const who = within(screen.getByRole('dialog')).getByRole('group', { name: /Who/ });
  await within(who).findAllByRole('checkbox');
  return within(who)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')!.textContent);
};

describe('floor screen', () => {
  beforeEach(() => setViewportWidth(1280));

  it('at 1280 px shows therapists as columns with their blocks, the rotation with who is next, and rooms', async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor();
    const day = await screen.findByRole('region', { name: 'Day view, 2026-11-25' });
    expect(within(day).getByText('Ana Cruz')).toBeInTheDocument();
    expect(within(day).getByRole('button', { name: /^15:00 Liza Soberano/ })).toBeInTheDocument();
    expect(within(day).getByText('12:00 Rico Blanco')).toBeInTheDocument();
    const rotation = screen.getByRole('list', { name: 'Rotation' });
    const first = within(rotation).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Next')).toBeInTheDocument();
    expect(within(rotation).getByText('Rico Blanco, Narra until 13:30')).toBeInTheDocument();
    expect(screen.getByText('Narra · 1 of 2 free')).toBeInTheDocument();
  });

  it('reads the list of branches, for anyone but an Admin, only once the board is here (decision 1088)', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const calls = mockApi({ [BOARD_KEY]: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderFloor();
    const asked = (path: string) => calls.some((c) => c.url.startsWith(path));
    await waitFor(() => expect(asked('/floor/board/')).toBe(true));
    expect(asked('/locations/')).toBe(false);
    answer(boardReply(board));
    await screen.findByRole('list', { name: 'Rotation' });
    // The booking dialog's opening time comes from it, there by the time the dialog opens.
    await waitFor(() => expect(asked('/locations/')).toBe(true));
  });

  it('says the branch closed today’s books above the board, before any form is opened', async () => {
    const message =
      'Makati closed today’s books at 13:02. A manager of Makati or an administrator may reopen the day to record more.';
    mockApi({
      [BOARD_KEY]: boardReply(board),
      'GET /reports/day-status/?location=2': {
        status: 200,
        data: { location: 2, location_name: 'Makati', closed: true, status: 'submitted', message, open: [] },
      },
    });
    renderFloor();
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent(/another location/);
  });

  it('at 390 px puts the rotation first, then now and next', async () => {
    setViewportWidth(390);
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor();
    await screen.findByRole('heading', { name: 'Now' });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('Rotation')).toBeLessThan(headings.indexOf('Now'));
    expect(headings.indexOf('Now')).toBeLessThan(headings.indexOf('Next'));
    expect(screen.queryByRole('region', { name: /Day view/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Next' })).getByText('15:00 Liza Soberano')).toBeInTheDocument();
  });

  it('shows a therapist the bookings without making them buttons that open nothing', async () => {
    const therapist: Partial<FloorUser> = { frontDesk: false, employee: 11 };
    mockApi({ [BOARD_KEY]: boardReply(board) });
    const wide = renderFloor(therapist);
    const day = await screen.findByRole('region', { name: 'Day view, 2026-11-25' });
    expect(within(day).getByText('15:00 Liza Soberano')).toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: /Liza Soberano/ })).not.toBeInTheDocument();
    wide.unmount();

    setViewportWidth(390);
    renderFloor(therapist);
    const next = await screen.findByRole('list', { name: 'Next' });
    expect(within(next).getByText('15:00 Liza Soberano')).toBeInTheDocument();
    expect(within(next).queryByRole('button')).not.toBeInTheDocument();
  });

  it("assign next's client search can be left with Cancel, not only by the backdrop", async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign next' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign next: which client?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the phone's Back closes the client picker and stays on the floor", async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor();
    const url = window.location.href;
    await userEvent.click(await screen.findByRole('button', { name: 'Assign next' }));
    expect(screen.getByRole('dialog', { name: 'Assign next: which client?' })).toBeInTheDocument();
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.href).toBe(url);
    expect(screen.getByRole('button', { name: 'Assign next' })).toBeInTheDocument();
  });

  it('shows the error with Try again when the board cannot be read', async () => {
    mockApi({ [BOARD_KEY]: { status: 500, data: { message: 'The server had a problem.' } } });
    renderFloor();
    expect(await screen.findByText('The floor board could not be loaded')).toBeInTheDocument();
  });

  it("keeps a manager's chosen branch and day in the URL, so a reload opens the same board", async () => {
    const twoBranches: Partial<FloorUser> = {
      manages: true,
      locations: [
        { id: 2, name: 'Makati' },
        { id: 3, name: 'BGC' },
      ],
    };
    const bgc: Board = { ...board, location: 3, location_name: 'BGC', date: '2026-11-26', reservations: [] };
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'GET /floor/board/?location=3': boardReply({ ...bgc, date: '2026-11-25' }),
      'GET /floor/board/?location=3&date=2026-11-26': boardReply(bgc),
    });
    const floor = (path: string) => renderFloor(twoBranches, {}, path);
    const first = floor('/floor');
    await screen.findByText('Makati, 25 Nov 2026');
    await userEvent.click(screen.getByRole('combobox', { name: 'Branch' }));
    await userEvent.click(await screen.findByRole('option', { name: 'BGC' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next day' }));
    await screen.findByText('BGC, 26 Nov 2026');
    const search = first.router.state.location.search;
    expect(new URLSearchParams(search).get('location')).toBe('3');
    expect(new URLSearchParams(search).get('date')).toBe('2026-11-26');
    first.unmount();

    // The reload: the same URL opens BGC on that day, not the first branch today.
    const count = calls.length;
    const reloaded = floor(`/floor${search}`);
    expect(await screen.findByText('BGC, 26 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveTextContent('BGC');
    expect(calls.slice(count).map((c) => c.url)).not.toContain('/floor/board/?location=2');
    reloaded.unmount();
    // A branch the person does not work at is left out: their first.
    floor('/floor?location=99');
    expect(await screen.findByText('Makati, 25 Nov 2026')).toBeInTheDocument();
  });

  it('assign next: the proposal, then one tap logs the arrival with the proposed therapist, bed and voucher', async () => {
    chosenUse = { voucher: 55, client_membership: null, payment: null };
    const proposal = aProposal(freeBed(5, 'Molave', 1, 'couple'), freeBed(5, 'Molave', 2, 'couple'));
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'GET /services/treatments/': treatments,
      'POST /floor/assign/propose/': { status: 200, data: proposal },
      'POST /floor/assign/': { status: 201, data: {} },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick Rosa' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Treatment/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hilot' }));
    expect(await screen.findByText('Proposed: Ana Cruz, Narra bed 1, 13:00–14:00')).toBeInTheDocument();
    expect(screen.getByText('What the client uses, for treatment 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log arrival' }));
    await screen.findByText('Rosa Dela Cruz is with Ana Cruz. One voucher session used.');
    const assign = calls.find((c) => c.method === 'POST' && c.url === '/floor/assign/');
    expect(JSON.parse(String(assign?.data))).toMatchObject({
      client: 9,
      location: 2,
      therapist: 11,
      treatment: 3,
      room: 4,
      bed: 1,
      voucher: 55,
      payment: null,
    });
    expect(assign?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('assign next: the desk chooses another free bed, which is sent; a bed taken meanwhile shows under it', async () => {
    chosenUse = { voucher: 55, client_membership: null, payment: null };
    const taken = 'Molave, bed 2 is already taken 13:00–14:00 then.';
    let sent = 0;
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'GET /services/treatments/': treatments,
      'POST /floor/assign/propose/': {
        status: 200,
        data: aProposal(freeBed(5, 'Molave', 2, 'couple'), freeBed(6, 'Sampaguita', 1, 'single', 'women')),
      },
      'POST /floor/assign/': () =>
        (sent += 1) === 1
          ? { status: 409, data: { message: taken, errors: { room: [taken] } } }
          : { status: 201, data: {} },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick Rosa' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Treatment/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hilot' }));
    const room = await screen.findByRole('combobox', { name: 'Room and bed' });
    expect(room).toHaveTextContent('Narra · bed 1 · single (proposed)');
    await userEvent.click(room);
    const listed = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(listed.map((o) => o.textContent)).toEqual([
      'Narra · bed 1 · single (proposed)',
      'Molave · bed 2 · couple',
      'Sampaguita · bed 1 · single, women only',
    ]);
    await userEvent.click(listed[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Log arrival' }));
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    const assign = calls.find((c) => c.method === 'POST' && c.url === '/floor/assign/');
    expect(JSON.parse(String(assign?.data))).toMatchObject({ therapist: 11, room: 5, bed: 2 });
  });

  it('offers Assign next only once someone is clocked in; New reservation any time', async () => {
    mockApi({ [BOARD_KEY]: boardReply({ ...board, queue: [], rooms: [], reservations: [] }) });
    renderFloor();
    expect(
      await screen.findByText(
        'Nobody is clocked in yet. Clock therapists in as they arrive; the first in is first in line.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New reservation' })).toBeEnabled();
  });

  it("opens the booking dialog for the client a client page's New reservation names, once; a therapist gets none", async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    const onReserved = vi.fn();
    const rosa = { id: 9, full_name: 'Rosa Diaz' };
    const { unmount } = renderFloor({}, { reserveFor: rosa, onReserved }, '/floor?reserve=9');
    const dialog = await screen.findByRole('dialog', { name: 'Book Rosa Diaz' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onReserved).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderFloor({ frontDesk: false }, { reserveFor: rosa }, '/floor?reserve=9');
    expect(await screen.findByRole('list', { name: 'Rotation' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a therapist, not the desk, to clock in when nobody is in the rotation yet', async () => {
    mockApi({ [BOARD_KEY]: boardReply({ ...board, queue: [], rooms: [], reservations: [] }) });
    renderFloor({ frontDesk: false, employee: 11 });
    expect(
      await screen.findByText('Nobody is clocked in yet. Tap Clock in when you arrive; the first in is first in line.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clock in' })).toBeEnabled();
  });

  it('clock in offers only the therapists not already in the rotation', async () => {
    mockApi(clockInRoutes);
    renderFloor();
    expect(await clockInChoices()).toEqual(['Carla Lim (therapist)', 'Dina Go (receptionist)']);
  });

  it('clock in offers a therapist off the desk only themselves, and is gone once they are on shift', async () => {
    mockApi(clockInRoutes);
    const therapist = (employee: number): Partial<FloorUser> => ({ frontDesk: false, employee });
    const { unmount } = renderFloor(therapist(13));
    expect(await clockInChoices()).toEqual(['Carla Lim (therapist)']);
    unmount();

    // Ana is in the rotation already: Clock in would only tell her so; her row's menu clocks her out.
    renderFloor(therapist(11));
    expect(await screen.findByRole('button', { name: 'Actions for Ana Cruz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clock in' })).not.toBeInTheDocument();
  });

  it('shows the receptionists on shift with Clock out, and Clock in leaves them out', async () => {
    const shift = (id: number, employee: number, name: string, kind: 'therapist' | 'receptionist') => ({
      id,
      employee,
      employee_name: name,
      employee_kind: kind,
      location: 2,
      location_name: 'Makati',
      // 09:00 Manila.
      started_at: '2026-11-25T01:00:00Z',
      ended_at: null,
      hours: '0.00',
      clocked_in_by: 1,
      clocked_out_by: null,
    });
    const calls = mockApi({
      ...clockInRoutes,
      'GET /floor/shifts/': {
        status: 200,
        data: {
          count: 2,
          next: null,
          previous: null,
          results: [shift(1, 11, 'Ana Cruz', 'therapist'), shift(2, 20, 'Dina Go', 'receptionist')],
        },
      },
      'POST /floor/shifts/clock-out/': { status: 200, data: { ...shift(2, 20, 'Dina Go', 'receptionist') } },
    });
    const view = renderFloor();
    const desk = await screen.findByRole('list', { name: 'Front desk on shift' });
    // Therapists are in the rotation above; only the desk's shifts are listed here.
    expect(within(desk).getByText('Dina Go')).toBeInTheDocument();
    expect(within(desk).getByText('On shift since 09:00')).toBeInTheDocument();
    expect(within(desk).queryByText('Ana Cruz')).not.toBeInTheDocument();
    expect(await clockInChoices()).toEqual(['Carla Lim (therapist)']);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(desk).getByRole('button', { name: 'Clock Dina Go out' }));
    const confirm = screen.getByRole('dialog', { name: 'Clock Dina Go out?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('Dina Go clocked out.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/floor/shifts/clock-out/');
    expect(JSON.parse(String(post!.data))).toEqual({ employee: 20 });
    view.unmount();

    // Dina herself at the desk is asked of her own clock-out, not by her name.
    renderFloor({ deskEmployee: 20 });
    const own = await screen.findByRole('list', { name: 'Front desk on shift' });
    await userEvent.click(within(own).getByRole('button', { name: 'Clock Dina Go out' }));
    const mine = screen.getByRole('dialog', { name: 'Clock out now?' });
    expect(mine).toHaveTextContent('Your shift ends now.');
    await userEvent.click(within(mine).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('You clocked out.')).toBeInTheDocument();
  });

  it('asks a therapist clocking themselves out "Clock out now?"; the desk is asked by name', async () => {
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/shifts/clock-out/': { status: 200, data: {} },
    });
    const clockOutDialog = async (user: Partial<FloorUser>) => {
      const view = renderFloor(user);
      await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ana Cruz' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Clock out' }));
      return { view, dialog: await screen.findByRole('dialog') };
    };
    const own = await clockOutDialog({ frontDesk: false, employee: 11 });
    expect(own.dialog).toHaveAccessibleName('Clock out now?');
    expect(within(own.dialog).getByText('You leave the rotation until you clock in again.')).toBeInTheDocument();
    await userEvent.click(within(own.dialog).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('You clocked out.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toEqual({ employee: 11 });
    own.view.unmount();

    const front = await clockOutDialog({});
    expect(front.dialog).toHaveAccessibleName('Clock Ana Cruz out?');
    expect(
      within(front.dialog).getByText('Ana Cruz leaves the rotation until they clock in again.'),
    ).toBeInTheDocument();
  });

  it('a therapist clocks themselves in with one tap: their own record is chosen already', async () => {
    const calls = mockApi({
      ...clockInRoutes,
      'POST /floor/shifts/clock-in-many/': {
        status: 201,
        data: [{ id: 5, employee: 13, employee_name: 'Carla Lim', location: 2, started_at: '2026-11-25T05:00:00Z' }],
      },
    });
    renderFloor({ frontDesk: false, employee: 13 });
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: 'Carla Lim (therapist)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText('Carla Lim clocked in.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post!.data))).toEqual({ employees: [13], location: 2 });
  });

  it('the desk clocks several in at once: one request, one transaction', async () => {
    const calls = mockApi({
      ...clockInRoutes,
      [BOARD_KEY]: boardReply(board),
      'POST /floor/shifts/clock-in-many/': {
        status: 201,
        data: [
          { id: 6, employee: 13, employee_name: 'Carla Lim', location: 2 },
          { id: 7, employee: 20, employee_name: 'Dina Go', location: 2 },
        ],
      },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: 'Clock in' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Carla Lim (therapist)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Dina Go (receptionist)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clock in 2' }));
    expect(await screen.findByText('2 people clocked in.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post!.data))).toEqual({ employees: [13, 20], location: 2 });
  });

  it("a reservation's ways out say what they keep, not 'Cancel' beside 'Cancel booking'", async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    const dialog = screen.getByRole('dialog');
    // The title's × and the footer's button both close it.
    expect(
      within(dialog)
        .getAllByRole('button', { name: 'Close' })
        .map((b) => b.textContent),
    ).toContain('Close');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // At 13:00 the 15:00 booking's grace period has not ended: No-show is not offered yet.
    expect(within(dialog).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('dialog', { name: "Cancel Liza Soberano's booking" });
    expect(within(confirm).getByRole('button', { name: 'Keep booking' })).toBeInTheDocument();
    expect(within(confirm).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers No-show only from the board's no_show_from: not a second before, and from then on", async () => {
    const at = (now: string) => ({ [BOARD_KEY]: boardReply({ ...board, now }) });
    mockApi(at('2026-11-25T07:14:59Z'));
    const before = renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Move' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    before.unmount();

    const calls = mockApi({
      ...at('2026-11-25T07:15:00Z'),
      'POST /floor/reservations/70/no-show/': {
        status: 200,
        data: { ...reservation(), status: 'no_show' },
      },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'No-show' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/floor/reservations/70/no-show/')).toBe(true),
    );
  });

  it('cancelling a booking with a held deposit lets the desk refund, credit or keep it, and says which', async () => {
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/reservations/70/cancel/': { status: 200, data: reservation({ status: 'cancelled' }) },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('dialog', { name: "Cancel Liza Soberano's booking" });
    const fate = within(confirm).getByRole('radiogroup', { name: 'Deposit ₱200.00 GCash/Maya' });
    expect(within(fate).getByRole('radio', { name: 'Refund it to the client' })).toBeChecked();
    await userEvent.click(within(fate).getByRole('radio', { name: 'Keep it (forfeited)' }));
    await userEvent.type(within(confirm).getByRole('textbox', { name: /Reason/ }), 'Cancelled an hour before');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await screen.findByText("Liza Soberano's booking was cancelled. The ₱200.00 deposit is forfeited.");
    const cancel = calls.find((c) => c.url === '/floor/reservations/70/cancel/');
    expect(JSON.parse(String(cancel?.data))).toEqual({ reason: 'Cancelled an hour before', deposit: 'forfeited' });
  });

  it('cancelling a booking without a deposit asks only why', async () => {
    mockApi({ [BOARD_KEY]: boardReply({ ...board, reservations: [reservation({ deposit: null })] }) });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('dialog', { name: "Cancel Liza Soberano's booking" });
    expect(within(confirm).queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it("a reservation's Client arrived sends the desk payment with the arrival, once per dialog", async () => {
    const payment = {
      salesperson: 4,
      payment_method: 'cash' as const,
      bank: null,
      reference_no: '',
      discount: '0',
      service_charge: '0',
    };
    chosenUse = { voucher: null, client_membership: null, payment };
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/reservations/70/arrive/': { status: 200, data: reservation({ status: 'arrived' }) },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    // The desk payment is told of the deposit, so it shows only what is left to collect.
    expect(
      screen.getByText('What the client uses, for treatment 3, less the e_wallet deposit of 200.00'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Client arrived' }));
    await screen.findByText('Liza Soberano arrived; the arrival is logged. Payment recorded.');
    const arrive = calls.find((c) => c.url === '/floor/reservations/70/arrive/');
    expect(JSON.parse(String(arrive?.data))).toEqual({
      therapist: 12,
      voucher: null,
      client_membership: null,
      payment,
    });
    expect(arrive?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("a refused Client arrived tells the visit-use fields each time, so they read the client's voucher again", async () => {
    chosenUse = { voucher: 55, client_membership: null, payment: null };
    const message = 'Voucher V-000055 is used up (3 of 3 sessions).';
    mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/reservations/70/arrive/': { status: 409, data: { message, errors: { voucher: [message] } } },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByText(/sends refused/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Client arrived' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByText(/\(sends refused: 1\)$/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Client arrived' }));
    expect(await within(dialog).findByText(/\(sends refused: 2\)$/)).toBeInTheDocument();
  });

  it('a deposit on a voucher visit is kept as credit or handed back, as the desk says, and sent with the arrival', async () => {
    chosenUse = { voucher: 55, client_membership: null, payment: null };
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/reservations/70/arrive/': { status: 200, data: reservation({ status: 'arrived' }) },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    const choice = await screen.findByRole('radiogroup', {
      name: 'Nothing is paid on this visit: what becomes of the ₱200.00 deposit?',
    });
    expect(within(choice).getByRole('radio', { name: 'Credit it to a later visit' })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: 'Refund it to the client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Client arrived' }));
    await screen.findByText(
      'Liza Soberano arrived; the arrival is logged. One voucher session used. The ₱200.00 deposit is handed back.',
    );
    const arrive = calls.find((c) => c.url === '/floor/reservations/70/arrive/');
    expect(JSON.parse(String(arrive?.data))).toEqual({
      therapist: 12,
      voucher: 55,
      client_membership: null,
      payment: null,
      deposit: 'refunded',
    });
  });

  it("moving a reservation onto a taken time shows the server's conflict sentence", async () => {
    const sentence = 'Ana Cruz is already serving or booked 14:00–15:00 then.';
    mockApi({
      [BOARD_KEY]: boardReply(board),
      'PATCH /floor/reservations/70/': { status: 409, data: { message: sentence, errors: {} } },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('names the day a reservation was moved to when it leaves the board’s day', async () => {
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'PATCH /floor/reservations/70/': {
        status: 200,
        data: reservation({ date: '2026-11-26', therapist: 11, therapist_name: 'Ana Cruz' }),
      },
    });
    renderFloor();
    await userEvent.click(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(/^Date/), { target: { value: '2026-11-26' } });
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved Liza Soberano to 26 Nov 2026, 15:00, Ana Cruz.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch!.data))).toMatchObject({ date: '2026-11-26', time: '15:00' });
  });

  describe('dragging a booked block with the mouse', () => {
    // The grid on screen: a 64 px time column, then Ana Cruz's and Ben Reyes's columns of 120 px.
    beforeEach(() => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
        left: 0,
        top: 0,
        right: 304,
        bottom: 800,
        width: 304,
        height: 800,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      });
    });
    afterEach(() => vi.restoreAllMocks());

    /** From Ben's column at 15:00 to Ana's column, two rows (30 minutes) lower. */
    const dragToAnaAt1530 = (block: HTMLElement) => {
      const mouse = { pointerId: 1, pointerType: 'mouse', button: 0 };
      fireEvent.pointerDown(block, { ...mouse, clientX: 250, clientY: 300 });
      fireEvent.pointerMove(block, { ...mouse, clientX: 150, clientY: 320 });
      fireEvent.pointerMove(block, { ...mouse, clientX: 120, clientY: 344 });
      fireEvent.pointerUp(block, { ...mouse, clientX: 120, clientY: 344 });
      // The click the browser sends after the drag does not open the actions.
      fireEvent.click(block);
    };

    it('sends the same move as the dialog: the new time and therapist', async () => {
      const calls = mockApi({
        [BOARD_KEY]: boardReply(board),
        'PATCH /floor/reservations/70/': {
          status: 200,
          data: reservation({ time: '15:30', therapist: 11, therapist_name: 'Ana Cruz' }),
        },
      });
      renderFloor();
      dragToAnaAt1530(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
      expect(await screen.findByText('Moved Liza Soberano to 15:30, Ana Cruz.')).toBeInTheDocument();
      const patch = calls.find((c) => c.method === 'PATCH');
      expect(JSON.parse(String(patch?.data))).toEqual({ time: '15:30', therapist: 11 });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("a refused move (409) shows the server's sentence and the block returns", async () => {
      const sentence = 'Ana Cruz is already serving or booked 15:00–16:00 then.';
      mockApi({
        [BOARD_KEY]: boardReply(board),
        'PATCH /floor/reservations/70/': { status: 409, data: { message: sentence, errors: {} } },
      });
      renderFloor();
      dragToAnaAt1530(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
      expect(await screen.findByText(sentence)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('a move refused on its time (400) shows the time\'s sentence, not "correct the highlighted fields"', async () => {
      const sentence = 'Makati is open 10:00–22:00; a 60-minute booking at 21:30 would end after it closes.';
      mockApi({
        [BOARD_KEY]: boardReply(board),
        'PATCH /floor/reservations/70/': {
          status: 400,
          data: { message: 'Please correct the highlighted fields.', errors: { time: [sentence] } },
        },
      });
      renderFloor();
      dragToAnaAt1530(await screen.findByRole('button', { name: /^15:00 Liza Soberano/ }));
      expect(await screen.findByText(sentence)).toBeInTheDocument();
      expect(screen.queryByText('Please correct the highlighted fields.')).not.toBeInTheDocument();
    });

    it('a short press is a tap: it opens the actions and moves nothing', async () => {
      const calls = mockApi({ [BOARD_KEY]: boardReply(board) });
      renderFloor();
      const block = await screen.findByRole('button', { name: /^15:00 Liza Soberano/ });
      fireEvent.pointerDown(block, { pointerId: 2, pointerType: 'mouse', button: 0, clientX: 250, clientY: 300 });
      fireEvent.pointerMove(block, { pointerId: 2, pointerType: 'mouse', clientX: 252, clientY: 301 });
      fireEvent.pointerUp(block, { pointerId: 2, pointerType: 'mouse', clientX: 252, clientY: 301 });
      fireEvent.click(block);
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    });
  });

  it("next day reads that day's board, hides Assign next and the rotation, and books on it; Today returns", async () => {
    const tomorrow: Board = {
      ...board,
      date: '2026-11-26',
      reservations: [
        reservation({
          id: 71,
          client_name: 'Maja Salvador',
          date: '2026-11-26',
          time: '11:00',
          no_show_from: '2026-11-26T03:15:00Z',
        }),
      ],
    };
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      [`${BOARD_KEY}&date=2026-11-26`]: boardReply(tomorrow),
      'GET /services/treatments/': treatments,
    });
    const { router } = renderFloor();
    await screen.findByRole('button', { name: 'Assign next' });
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const day = await screen.findByRole('region', { name: 'Day view, 2026-11-26' });
    expect(router.state.location.search).toBe('?date=2026-11-26');
    expect(calls.some((c) => c.url === '/floor/board/?location=2&date=2026-11-26')).toBe(true);
    expect(within(day).getByRole('button', { name: /^11:00 Maja Salvador/ })).toBeInTheDocument();
    // Today's service in progress is not drawn on tomorrow's view, and the live rotation is not shown.
    expect(within(day).queryByText('12:00 Rico Blanco')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Rotation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign next' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue('26 Nov 2026');
    // Tomorrow's booking cannot arrive today (the server's rule): it says to move it first.
    await userEvent.click(within(day).getByRole('button', { name: /^11:00 Maja Salvador/ }));
    const actions = await screen.findByRole('dialog');
    expect(
      within(actions).getByText('This booking is for 26 Nov 2026: move it to today before the client arrives.'),
    ).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Client arrived' })).toBeDisabled();
    expect(within(actions).queryByText(/What the client uses/)).not.toBeInTheDocument();
    // Nor be a no-show before its day (the server refuses it): No-show is not offered.
    expect(within(actions).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Move' })).toBeInTheDocument();
    await userEvent.click(within(actions).getAllByRole('button', { name: 'Close' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick Rosa' }));
    expect(await screen.findByLabelText(/^Date/)).toHaveValue('26 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('button', { name: 'Assign next' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('list', { name: 'Rotation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });
});

describe("the day view's blocks", () => {
  const blocksOf = (reservations: BoardReservation[]) => dayBlocks({ ...board, queue: [], reservations });

  it('draws a booked reservation at its booked time', () => {
    const [block] = blocksOf([reservation({ time: '16:00' })]);
    expect(block).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00'), kind: 'reservation' });
  });

  it('draws an arrived reservation where its service runs: from when the client came, for its length', () => {
    // Booked for 16:00, the client came at 14:57 (Manila): the service runs 14:57–15:57, not 16:00–17:00,
    // where it would sit over the therapist's next booking.
    const early = reservation({ time: '16:00', status: 'arrived', arrival: 90, closed_at: '2026-11-25T06:57:00Z' });
    const next = reservation({ id: 71, client_name: 'Rico Blanco', time: '16:00' });
    const [arrived, booked] = blocksOf([early, next]);
    expect(arrived).toMatchObject({ start: minutesOf('14:45'), end: minutesOf('15:57') });
    expect(booked).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00') });
  });

  it("draws a tandem's one service in each of its two therapists' columns, each its own block", () => {
    const ben = board.queue[1]!;
    const second = { ...ben, position: 3, therapist: 13, therapist_name: 'Cora Lim' };
    const blocks = dayBlocks({ ...board, queue: [ben, second], reservations: [] });
    expect(blocks.map((b) => [b.therapist, b.kind, b.label])).toEqual([
      [12, 'service', 'Rico Blanco'],
      [13, 'service', 'Rico Blanco'],
    ]);
    expect(new Set(blocks.map((b) => b.key)).size).toBe(2);
  });

  it('an arrived reservation closed on another day stays at its booked time', () => {
    const [block] = blocksOf([
      reservation({ time: '16:00', status: 'arrived', arrival: 90, closed_at: '2026-11-24T06:57:00Z' }),
    ]);
    expect(block).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00') });
  });
});

describe('floor screen with no branch', () => {
  const admin: FloorUser = { locations: [], admin: true, manages: true, frontDesk: true };

  it('tells the Admin of a new business where branches are added, and staff to ask for one', async () => {
    mockApi({ 'GET /locations/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } } });
    renderFloor(admin);
    expect(
      await screen.findByText('No locations yet: an Admin adds them under Admin → Locations.'),
    ).toBeInTheDocument();
  });

  it('tells staff without a branch to ask an administrator', async () => {
    mockApi({});
    renderFloor({ locations: [] });
    expect(
      await screen.findByText('Your login works at no branch; ask an administrator to add one.'),
    ).toBeInTheDocument();
  });
});
