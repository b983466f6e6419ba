import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okPage } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { NextClientTile } from './next-client-tile';

const KEY = 'GET /floor/reservations/?therapist=11&date=2026-11-26&status=booked&ordering=starts_at&page=1&pageSize=3';
const SHIFT = 'GET /floor/shifts/?employee=11&open=true&page=1&pageSize=1';
const NO_BOOKING = { [KEY]: okPage([]) };
/** Off shift: no open shift, so no board is read. */
const OFF_SHIFT = { [SHIFT]: okPage([]) };

describe('next client tile', () => {
  it("shows the therapist's next booked client first, with treatment and room", async () => {
    const calls = mockApi({
      ...OFF_SHIFT,
      [KEY]: {
        status: 200,
        data: {
          count: 2,
          next: null,
          previous: null,
          results: [
            {
              id: 1,
              time: '10:00',
              client_name: 'Liza Soberano',
              treatment_name: 'Hilot',
              duration_minutes: 60,
              room_name: 'Narra',
            },
            {
              id: 2,
              time: '13:30',
              client_name: 'Rico Blanco',
              treatment_name: 'Swedish',
              duration_minutes: 90,
              room_name: null,
            },
          ],
        },
      },
    });
    renderWithRouter(<NextClientTile therapistId={11} today="2026-11-26" />);
    expect(await screen.findByText('Next: 10:00 Liza Soberano')).toBeInTheDocument();
    expect(screen.getByText('Hilot · 60 min · Narra')).toBeInTheDocument();
    expect(screen.getByText('13:30 Rico Blanco')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([KEY.slice(4), SHIFT.slice(4)]);
  });

  it('says so when nothing is booked', async () => {
    mockApi({ ...NO_BOOKING, ...OFF_SHIFT });
    renderWithRouter(<NextClientTile therapistId={11} today="2026-11-26" />);
    expect(await screen.findByText('No booking for you today')).toBeInTheDocument();
  });

  it('shows the walk-in the therapist is serving now, then their next booking', async () => {
    // The fields of a board's service that the tile reads.
    const service = {
      client_name: 'Rico Blanco',
      treatment_name: 'Swedish',
      room_name: 'Narra',
      ends_at: '2026-11-26T05:30:00Z',
    };
    const queue = [
      { therapist: 12, service: { ...service, client_name: 'Someone Else' } },
      { therapist: 11, service },
    ];
    const walkInOnly = {
      [SHIFT]: okPage([{ id: 5, employee: 11, location: 2 }]),
      'GET /floor/board/?location=2': { status: 200, data: { location: 2, queue } },
    };
    mockApi({ ...NO_BOOKING, ...walkInOnly });
    const { unmount } = renderWithRouter(<NextClientTile therapistId={11} today="2026-11-26" />);
    expect(await screen.findByText('Now: Rico Blanco')).toBeInTheDocument();
    expect(screen.getByText('Swedish · Narra · until 13:30')).toBeInTheDocument();
    expect(screen.getByText('No other booking for you today.')).toBeInTheDocument();
    expect(screen.queryByText('No booking for you today')).not.toBeInTheDocument();
    expect(screen.queryByText(/Someone Else/)).not.toBeInTheDocument();
    unmount();

    mockApi({
      ...walkInOnly,
      [KEY]: okPage([
        { id: 1, time: '14:00', client_name: 'Liza Soberano', treatment_name: 'Hilot', duration_minutes: 60 },
      ]),
    });
    renderWithRouter(<NextClientTile therapistId={11} today="2026-11-26" />);
    expect(await screen.findByText('Now: Rico Blanco')).toBeInTheDocument();
    expect(await screen.findByText('Next: 14:00 Liza Soberano')).toBeInTheDocument();
  });
});
