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

describe('the day view columns', () => {
  const onShift = (therapist: number, name: string, position: number) => ({
    ...clockedIn.queue[0]!,
    therapist,
    therapist_name: name,
    position,
    is_next: position === 1,
  });

  it('keeps therapists in name order, whatever the rotation says (decision 0911)', async () => {
    const board: Board = {
      ...clockedIn,
      queue: [onShift(13, 'Carlo Diaz', 1), onShift(11, 'Ana Cruz', 2), onShift(12, 'Bea Santos', 3)],
    };
    const moved: Board = {
      ...board,
      queue: [onShift(13, 'Carlo Diaz', 1), onShift(12, 'Bea Santos', 2), onShift(11, 'Ana Cruz', 3)],
    };
    const Served = () => {
      const [shown, setShown] = useState(board);
      return (
        <>
          <button type="button" onClick={() => setShown(moved)}>
            Ana served
          </button>
          <DayGrid board={shown} canMove={false} />
        </>
      );
    };
    renderInProviders(<Served />);
    const headers = () => screen.getAllByText(/^(Ana Cruz|Bea Santos|Carlo Diaz)$/).map((el) => el.textContent);
    expect(headers()).toEqual(['Ana Cruz', 'Bea Santos', 'Carlo Diaz']);

    // Ana served a client and went to the back of the line: her column stays first.
    await userEvent.click(screen.getByRole('button', { name: 'Ana served' }));
    expect(headers()).toEqual(['Ana Cruz', 'Bea Santos', 'Carlo Diaz']);
  });
});
