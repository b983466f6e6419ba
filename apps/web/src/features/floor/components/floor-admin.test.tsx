import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Board, QueueEntry, RotationLogEntry } from '@ginhawa/contract';
import { boardReply, mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { FloorScreen, type FloorUser } from './floor-screen';

/** The board's settings, rotation log and breaks (decision 0903), through the board as each role sees it. */

const BOARD = 'GET /floor/board/?location=3';
const branch = [{ id: 3, name: 'Quezon City' }];
const manager: FloorUser = { locations: branch, admin: false, manages: true, frontDesk: true };
const desk: FloorUser = { locations: branch, admin: false, manages: false, frontDesk: true };
const therapistMaya: FloorUser = { locations: branch, admin: false, manages: false, frontDesk: false, employee: 31 };

const queued = (position: number, therapist: number, name: string, extra: Partial<QueueEntry> = {}): QueueEntry => ({
  position,
  therapist,
  therapist_name: name,
  state: 'available',
  is_next: position === 1,
  shift: 100 + position,
  clocked_in_at: '2026-11-26T00:30:00Z',
  service: null,
  reservation: null,
  break_since: null,
  ...extra,
});

const boardOf = (queue: QueueEntry[]): Board => ({
  location: 3,
  location_name: 'Quezon City',
  date: '2026-11-26',
  now: '2026-11-26T04:00:00Z',
  next_change_at: null,
  queue,
  rooms: [],
  reservations: [],
});

const line = boardOf([
  queued(1, 31, 'Maya Santos'),
  queued(2, 32, 'Joy Ramos', { state: 'on_break', break_since: '2026-11-26T03:40:00Z' }),
]);

const show = (user: FloorUser) =>
  renderWithRouter(
    <FloorScreen
      user={user}
      clientPicker={() => null}
      visitUse={() => null}
      roomsPath="/floor/rooms"
      attendancePath="/floor/attendance"
    />,
    { path: '/floor' },
  );

const sent = (calls: { method: string; url: string; data: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)?.data)) as unknown;

describe('floor settings from the board', () => {
  beforeEach(() => setViewportWidth(1280));

  it('a Manager opens Settings beside Edit rooms, sees the branch’s rules and saves a new grace period', async () => {
    const calls = mockApi({
      [BOARD]: boardReply(line),
      'GET /floor/settings/?location=3': {
        status: 200,
        data: { location: 3, grace_minutes: 15, no_show_deposit: 'forfeit' },
      },
      'PUT /floor/settings/': { status: 200, data: { location: 3, grace_minutes: 30, no_show_deposit: 'credit' } },
    });
    show(manager);
    const rooms = await screen.findByRole('region', { name: 'Rooms' });
    expect(within(rooms).getByRole('link', { name: 'Edit rooms' })).toHaveAttribute('href', '/floor/rooms');
    await userEvent.click(within(rooms).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Floor settings, Quezon City' });
    const grace = await within(dialog).findByRole('textbox', { name: 'No-show grace period' });
    expect(grace).toHaveValue('15');
    expect(within(dialog).getByRole('radio', { name: 'Forfeited: the spa keeps it' })).toBeChecked();
    await userEvent.clear(grace);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the minutes as a whole number.')).toBeInTheDocument();
    await userEvent.type(grace, '30');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Credited/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Floor settings of Quezon City saved.')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/floor/settings/')).toEqual({
      location: 3,
      grace_minutes: 30,
      no_show_deposit: 'credit',
    });
  });

  it('a settings read that failed shows what failed and Try again', async () => {
    mockApi({
      [BOARD]: boardReply(line),
      'GET /floor/settings/?location=3': { status: 500, data: { message: 'The server had a problem.' } },
    });
    show(manager);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Floor settings, Quezon City' });
    expect(await within(dialog).findByText('The floor settings could not be loaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('the desk gets neither Settings nor Attendance; a Manager gets the Attendance link', async () => {
    mockApi({ [BOARD]: boardReply(line) });
    const { unmount } = show(desk);
    await screen.findByRole('region', { name: 'Rooms' });
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Attendance' })).not.toBeInTheDocument();
    unmount();
    show(manager);
    expect(await screen.findByRole('link', { name: 'Attendance' })).toHaveAttribute('href', '/floor/attendance');
  });
});

describe('the rotation log', () => {
  beforeEach(() => setViewportWidth(390));

  const log: RotationLogEntry[] = [
    {
      id: 9,
      at: '2026-11-26T02:09:00Z',
      location: 3,
      therapist: 32,
      therapist_name: 'Joy Ramos',
      action: 'skip',
      reason: 'Client asked for a man',
      actor: 4,
      actor_name: 'Rhea Desk',
    },
    {
      id: 8,
      at: '2026-11-26T01:00:00Z',
      location: 3,
      therapist: null,
      therapist_name: null,
      action: 'reorder',
      reason: 'Maya came in first',
      actor: 2,
      actor_name: 'Mario Manager',
    },
  ];

  it('opens today’s log from the rotation, newest first, with who, when and why', async () => {
    mockApi({
      [BOARD]: boardReply(line),
      'GET /floor/rotation/log/?location=3&date=2026-11-26': { status: 200, data: log },
    });
    show(therapistMaya);
    const rotation = await screen.findByRole('region', { name: 'Rotation' });
    await userEvent.click(within(rotation).getByRole('button', { name: 'Log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotation log, 26 Nov 2026' });
    const items = within(await within(dialog).findByRole('list', { name: 'Rotation log' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '10:09 · Turn skipped: Joy RamosBy Rhea Desk · Client asked for a man',
      '09:00 · Line reorderedBy Mario Manager · Maya came in first',
    ]);
    // Full screen on a phone: the title carries a × as every other full-screen dialog's does.
    const title = within(dialog).getByRole('heading', { name: 'Rotation log, 26 Nov 2026' });
    const x = title.nextElementSibling as HTMLElement;
    expect(x).toHaveAccessibleName('Close');
    expect(x.textContent).toBe('');
    await userEvent.click(x);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the line has not changed yet, and when the log cannot be read', async () => {
    mockApi({
      [BOARD]: boardReply(line),
      'GET /floor/rotation/log/?location=3&date=2026-11-26': { status: 200, data: [] },
    });
    const { unmount } = show(desk);
    await userEvent.click(await screen.findByRole('button', { name: 'Log' }));
    expect(await screen.findByText('No changes to the line yet on this day.')).toBeInTheDocument();
    unmount();
    mockApi({
      [BOARD]: boardReply(line),
      'GET /floor/rotation/log/?location=3&date=2026-11-26': { status: 403, data: { message: 'Not yours.' } },
    });
    show(desk);
    await userEvent.click(await screen.findByRole('button', { name: 'Log' }));
    expect(await screen.findByText('The rotation log could not be loaded')).toBeInTheDocument();
  });
});

describe('breaks on the board', () => {
  beforeEach(() => setViewportWidth(1280));

  it('a therapist starts their own break from their row, and has no menu on a colleague’s', async () => {
    const calls = mockApi({
      [BOARD]: boardReply(line),
      'POST /floor/rotation/break/': { status: 200, data: line },
    });
    show(therapistMaya);
    expect(await screen.findByRole('button', { name: 'Actions for Maya Santos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Joy Ramos' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Maya Santos' }));
    const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(items).toEqual(['Start break', 'Clock out']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Start break' }));
    expect(await screen.findByText('Maya Santos is on break and keeps their place.')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/floor/rotation/break/')).toEqual({ location: 3, therapist: 31, on_break: true });
  });

  it('the desk sees who is on break since when and ends it; a refusal shows the server’s sentence', async () => {
    const calls = mockApi({
      [BOARD]: boardReply(line),
      'POST /floor/rotation/break/': (request) =>
        JSON.parse(String(request.data)).on_break
          ? { status: 409, data: { message: 'Maya Santos is in a service or booked now; a break starts after it.' } }
          : { status: 200, data: line },
    });
    show(desk);
    const rotation = await screen.findByRole('list', { name: 'Rotation' });
    const joy = within(rotation).getAllByRole('listitem')[1]!;
    expect(within(joy).getByText('On break')).toBeInTheDocument();
    expect(within(joy).getByText('On break since 11:40')).toBeInTheDocument();
    await userEvent.click(within(joy).getByRole('button', { name: 'Actions for Joy Ramos' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'End break' }));
    expect(await screen.findByText('Joy Ramos is back.')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/floor/rotation/break/')).toEqual({ location: 3, therapist: 32, on_break: false });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Maya Santos' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'Skip turn…',
      'Start break',
      'Clock out',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Start break' }));
    expect(
      await screen.findByText('Maya Santos is in a service or booked now; a break starts after it.'),
    ).toBeInTheDocument();
  });
});
