import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { recipientsCountKey } from '../api/announcements';
import { AnnouncementComposer } from './announcement-composer';

const page = <T,>(results: T[]) => ({
  status: 200,
  data: { count: results.length, next: null, previous: null, results },
});

describe('announcement composer', () => {
  it('shows how many people the audience reaches before sending, then sends to it', async () => {
    const calls = mockApi({
      [`GET ${recipientsCountKey({ users: [], groups: [], locations: [] })}`]: {
        status: 200,
        data: { recipients: 14 },
      },
      [`GET ${recipientsCountKey({ users: [], groups: [], locations: [3] })}`]: {
        status: 200,
        data: { recipients: 4 },
      },
      'GET /users/groups/': { status: 200, data: [{ id: 1, name: 'Therapist', user_count: 3 }] },
      'GET /users/': page([]),
      'GET /locations/': page([{ id: 3, name: 'Makati', is_active: true }]),
      'POST /notifications/': { status: 201, data: { recipients: 4 } },
    });
    renderWithRouter(<AnnouncementComposer />);
    await userEvent.click(screen.getByRole('button', { name: 'New announcement' }));
    expect(await screen.findByText('Reaches 14 people (all active staff).')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Aircon repair' } });
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Tomorrow 8:00.' } });
    await userEvent.click(screen.getByLabelText('Locations'));
    await userEvent.click(await screen.findByRole('option', { name: 'Makati' }));
    expect(await screen.findByText('Reaches 4 people.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toEqual({
        title: 'Aircon repair',
        message: 'Tomorrow 8:00.',
        users: [],
        groups: [],
        locations: [3],
      }),
    );
    expect(await screen.findByText('Announcement sent to 4 people.')).toBeInTheDocument();
  });

  it('says what is missing and keeps Send off when nobody matches', async () => {
    const calls = mockApi({
      'GET /notifications/recipients-count/': { status: 200, data: { recipients: 0 } },
      'GET /users/groups/': { status: 200, data: [] },
      'GET /users/': page([]),
      'GET /locations/': page([]),
    });
    renderWithRouter(<AnnouncementComposer />);
    await userEvent.click(screen.getByRole('button', { name: 'New announcement' }));
    expect(await screen.findByText('Nobody matches this audience yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
