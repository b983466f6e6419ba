import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Employee } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { EmployeesScreen } from './employees';

const person = (id: number, first: string, last: string, kind: Employee['kind']): Employee => ({
  id,
  kind,
  user: null,
  username: null,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  employee_code: `TH-${String(id).padStart(4, '0')}`,
  phone: '+639171234567',
  location: 3,
  location_name: 'BGC High Street',
  hire_date: '2024-01-15',
  is_active: true,
  monthly_target: kind === 'salesperson' ? '100000.00' : null,
  created_at: '',
  updated_at: '',
});
const page = (results: Employee[], count = results.length) => ({
  status: 200,
  data: { count, next: null, previous: null, results },
});
const NO_LOCATIONS = { status: 200, data: { count: 0, next: null, previous: null, results: [] } };

describe('employees screen', { timeout: 20_000 }, () => {
  it('opens the tab in the address, asks the server for one page of active people, and shows them', async () => {
    setViewportWidth(1280);
    const calls = mockApi({
      'GET /locations/': NO_LOCATIONS,
      'GET /therapists/': page([person(1, 'Rowena', 'Pascual', 'therapist')], 31),
    });
    renderWithRouter(<EmployeesScreen />, { path: '/admin/employees?tab=therapists' });
    expect(await screen.findByText('Rowena Pascual')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Therapists' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('+63 917 123 4567')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/therapists/?page=1&pageSize=25&is_active=true')).toBe(true);
    expect(screen.getByText('1–25 of 31')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hire a therapist' })).toBeInTheDocument();
  });

  it('searches on the server and says when nothing matches', async () => {
    setViewportWidth(1280);
    const calls = mockApi({
      'GET /locations/': NO_LOCATIONS,
      'GET /salespersons/': (config) =>
        String(config.url).includes('search=') ? page([]) : page([person(2, 'Liza', 'Soriano', 'salesperson')]),
    });
    renderWithRouter(<EmployeesScreen />, { path: '/admin/employees' });
    await screen.findByText('Liza Soriano');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search salespersons' }), 'zz');
    expect(await screen.findByText('No salespersons match these filters.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/salespersons/?page=1&pageSize=25&search=zz&is_active=true')).toBe(true);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    setViewportWidth(1280);
    mockApi({
      'GET /locations/': NO_LOCATIONS,
      'GET /salespersons/': { status: 403, data: { message: 'You do not have permission to do this.' } },
    });
    renderWithRouter(<EmployeesScreen />, { path: '/admin/employees' });
    expect(await screen.findByText('The salespersons could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks before removing someone, shows a refusal in the dialog, and the server’s answer as a toast', async () => {
    setViewportWidth(1280);
    let attempts = 0;
    const calls = mockApi({
      'GET /locations/': NO_LOCATIONS,
      'GET /receptionists/': page([person(5, 'Joy', 'Reyes', 'receptionist')]),
      'DELETE /receptionists/5/': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              data: {
                message: 'Joy Reyes has recorded work and is already inactive, so the record cannot be deleted.',
              },
            }
          : {
              status: 200,
              data: {
                result: 'deactivated',
                message: 'Joy Reyes has recorded work, so the record was deactivated instead of deleted.',
              },
            };
      },
    });
    renderWithRouter(<EmployeesScreen />, { path: '/admin/employees?tab=receptionists' });
    await screen.findByText('Joy Reyes');
    await userEvent.click(screen.getByLabelText('Delete Joy Reyes'));
    const dialog = screen.getByRole('dialog', { name: 'Remove receptionist?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(/already inactive, so the record cannot be deleted/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Joy Reyes has recorded work, so the record was deactivated instead of deleted.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
