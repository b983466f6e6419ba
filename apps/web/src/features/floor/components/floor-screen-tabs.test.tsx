import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardReply, mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { FloorScreen, type FloorUser } from './floor-screen';
import type { TabsSlot } from './tabs-slot';
import { aBoard, benServingRico } from './test-data';

const BOARD_KEY = 'GET /floor/board/?location=2';
const desk: FloorUser = { locations: [{ id: 2, name: 'Makati' }], admin: false, manages: false, frontDesk: true };

const board = aBoard({ queue: [benServingRico()] });

/** The sales feature as the app composes it: here a list and a checkout that say what they were given. */
const tabs: TabsSlot = {
  list: ({ location, manages }) => (
    <p>
      Tabs of {location}
      {manages ? ', with Mark unpaid' : ''}
    </p>
  ),
  checkout: ({ arrival, onClose }) => (
    <div role="dialog" aria-label={`Checkout of visit ${arrival}`}>
      <button type="button" onClick={onClose}>
        Close checkout
      </button>
    </div>
  ),
};

const renderFloor = (user: FloorUser) =>
  renderWithRouter(
    <FloorScreen user={user} clientPicker={() => null} roomsPath="/floor/rooms" visitUse={() => null} tabs={tabs} />,
    { path: '/floor' },
  );

describe('floor screen: the till', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the open tabs beside the rotation at 1280 px, and after the now/next lists at 390 px', async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    const wide = renderFloor({ ...desk, manages: true });
    const panel = await screen.findByRole('region', { name: 'Open tabs' });
    expect(panel).toHaveTextContent('Tabs of 2, with Mark unpaid');
    let headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('Rotation')).toBeLessThan(headings.indexOf('Open tabs'));
    expect(headings.indexOf('Open tabs')).toBeLessThan(headings.indexOf('Rooms'));
    wide.unmount();

    setViewportWidth(390);
    renderFloor(desk);
    await screen.findByRole('region', { name: 'Open tabs' });
    headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('Next')).toBeLessThan(headings.indexOf('Open tabs'));
  });

  it('shows a therapist no tabs', async () => {
    mockApi({ [BOARD_KEY]: boardReply(board) });
    renderFloor({ ...desk, frontDesk: false, employee: 12 });
    await screen.findByRole('list', { name: 'Rotation' });
    expect(screen.queryByRole('region', { name: 'Open tabs' })).not.toBeInTheDocument();
  });

  it('Service finished leads straight into that visit’s checkout', async () => {
    const calls = mockApi({
      [BOARD_KEY]: boardReply(board),
      'POST /floor/services/90/finish/': { status: 200, data: board },
    });
    renderFloor(desk);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ben Reyes' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Service finished' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Service finished' }));
    expect(await screen.findByRole('dialog', { name: 'Checkout of visit 90' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/floor/services/90/finish/']);
    await userEvent.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
