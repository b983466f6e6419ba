import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { NextClientTile } from './next-client-tile';

const KEY = 'GET /floor/reservations/?therapist=11&date=2026-11-26&status=booked&ordering=starts_at&page=1&pageSize=3';

describe('next client tile', () => {
  it("shows the therapist's next booked client first, with treatment and room", async () => {
    const calls = mockApi({
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
    expect(calls).toHaveLength(1);
  });

  it('says so when nothing is booked', async () => {
    mockApi({ [KEY]: { status: 200, data: { count: 0, next: null, previous: null, results: [] } } });
    renderWithRouter(<NextClientTile therapistId={11} today="2026-11-26" />);
    expect(await screen.findByText('No booking for you today')).toBeInTheDocument();
  });
});
