import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Board } from '@ginhawa/contract';
import { renderInProviders } from '../../../test/render';
import { DayGrid } from './day-grid';

// 10:00 UTC is 18:00 in Manila: the evening, far below the grid's 09:00 top row.
const empty: Board = {
  location: 2,
  location_name: 'Makati',
  date: '2026-11-25',
  now: '2026-11-25T10:00:00Z',
  next_change_at: null,
  queue: [],
  rooms: [],
  reservations: [],
};

const clockedIn: Board = {
  ...empty,
  queue: [
    {
      position: 1,
      therapist: 11,
      therapist_name: 'Ana Cruz',
      state: 'available',
      is_next: true,
      shift: 1,
      clocked_in_at: '2026-11-25T10:00:00Z',
      service: null,
      reservation: null,
      break_since: null,
    },
  ],
};

/** The board as the screen holds it: empty, then read again after a clock-in. */
const Harness = () => {
  const [board, setBoard] = useState(empty);
  return (
    <>
      <button type="button" onClick={() => setBoard(clockedIn)}>
        Clock in
      </button>
      <DayGrid board={board} canMove={false} />
    </>
  );
};

describe('the day view', () => {
  // The stub below is the prototype's own property; removing it gives jsdom's back.
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  });

  it('opens at the hour before now when the first therapist of an empty day is clocked in', async () => {
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    renderInProviders(<Harness />);
    expect(screen.getByText(/No therapist is clocked in or booked today/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clock in' }));
    expect(screen.getByRole('region', { name: 'Day view, 2026-11-25' })).toBeInTheDocument();
    // 17:00 is 32 quarter-hour rows of 22 px below 09:00.
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 32 * 22 });
  });
});
