import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ClientDetail } from './client-detail';

describe('client detail (staff)', () => {
  it('shows the client when found', async () => {
    mockApi({
      'GET /clients/7/': { status: 200, data: { id: 7, first_name: 'Liza', last_name: 'Soberano', phone: '+639171234567', email: null, location_name: 'Makati' } },
    });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={{ to: "/dashboard", label: "Back to the dashboard" }} />);
    expect(await screen.findByRole('heading', { name: 'Liza Soberano' })).toBeInTheDocument();
    expect(screen.getByText('+639171234567')).toBeInTheDocument();
    expect(screen.getByText('Makati')).toBeInTheDocument();
  });

  it('says the client was not found on a 404', async () => {
    mockApi({ 'GET /clients/7/': { status: 404, data: { message: 'Not found.' } } });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={{ to: "/dashboard", label: "Back to the dashboard" }} />);
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('does not fetch an id that cannot exist', () => {
    const calls = mockApi({});
    renderWithRouter(<ClientDetail clientId={null} mode="staff" back={{ to: "/dashboard", label: "Back to the dashboard" }} />);
    expect(screen.getByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows other errors with the server's message and a retry", async () => {
    mockApi({ 'GET /clients/7/': { status: 403, data: { message: 'You do not have permission to do this.' } } });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={{ to: "/dashboard", label: "Back to the dashboard" }} />);
    expect(await screen.findByRole('heading', { name: 'This client could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
