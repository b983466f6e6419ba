import { describe, expect, it } from 'vitest';
import type { Board, Reservation } from '@ginhawa/contract';
import { dayBlocks, minutesOf } from './floor-time';

const reservation = (over: Partial<Reservation>): Reservation => ({
  id: 70,
  client: 5,
  client_name: 'Liza Soberano',
  location: 2,
  location_name: 'Makati',
  date: '2026-11-25',
  time: '16:00',
  starts_at: '2026-11-25T08:00:00Z',
  ends_at: '2026-11-25T09:00:00Z',
  duration_minutes: 60,
  treatment: 3,
  treatment_name: 'Hilot',
  therapist: 12,
  therapist_name: 'Ben Reyes',
  room: 4,
  room_name: 'Narra',
  bed: 1,
  status: 'booked',
  deposit: null,
  notes: '',
  arrival: null,
  cancelled_by: null,
  cancelled_by_name: null,
  cancel_reason: '',
  closed_at: null,
  created_at: '2026-11-25T00:00:00Z',
  updated_at: '2026-11-25T00:00:00Z',
  ...over,
});

const boardOf = (reservations: Reservation[]): Board => ({
  location: 2,
  location_name: 'Makati',
  date: '2026-11-25',
  now: '2026-11-25T07:10:00Z',
  next_change_at: null,
  queue: [],
  rooms: [],
  reservations,
});

describe('dayBlocks', () => {
  it('draws a booked reservation at its booked time', () => {
    const [block] = dayBlocks(boardOf([reservation({})]));
    expect(block).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00'), kind: 'reservation' });
  });

  it('draws an arrived reservation where its service runs: from when the client came, for its length', () => {
    // Booked for 16:00, the client came at 14:57 (Manila): the service runs 14:57–15:57, not 16:00–17:00,
    // where it would sit over the therapist's next booking.
    const early = reservation({ status: 'arrived', arrival: 90, closed_at: '2026-11-25T06:57:00Z' });
    const next = reservation({ id: 71, client_name: 'Rico Blanco', time: '16:00' });
    const [arrived, booked] = dayBlocks(boardOf([early, next]));
    expect(arrived).toMatchObject({ start: minutesOf('14:45'), end: minutesOf('15:57') });
    expect(booked).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00') });
  });

  it('an arrived reservation closed on another day stays at its booked time', () => {
    const [block] = dayBlocks(
      boardOf([reservation({ status: 'arrived', arrival: 90, closed_at: '2026-11-24T06:57:00Z' })]),
    );
    expect(block).toMatchObject({ start: minutesOf('16:00'), end: minutesOf('17:00') });
  });
});
