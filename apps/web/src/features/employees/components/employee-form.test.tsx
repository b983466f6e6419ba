import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Employee } from '@ginhawa/contract';
import { mockApi, okPage, type MockHandler } from '../../../test/api-mock';
import { aLocation } from '../../../test/fixtures';
import { renderInProviders } from '../../../test/render';
import { EmployeeForm } from './employee-form';

const LOCATIONS = okPage([aLocation(3, 'BGC High Street'), aLocation(5, 'Makati Salcedo')]);

const seller: Employee = {
  id: 41,
  kind: 'salesperson',
  user: 12,
  username: 'liza.soriano',
  first_name: 'Liza',
  last_name: 'Soriano',
  full_name: 'Liza Soriano',
  employee_code: 'SP-0004',
  phone: '+639171234567',
  location: 3,
  location_name: 'BGC High Street',
  hire_date: '2023-04-03',
  is_active: true,
  monthly_target: '150000.00',
  created_at: '',
  updated_at: '',
};

const setup = (
  props: { kind: Employee['kind']; employee?: Employee | null },
  routes: Record<string, MockHandler> = {},
) => {
  const calls = mockApi({ 'GET /locations/': LOCATIONS, ...routes });
  const onClose = vi.fn();
  renderInProviders(<EmployeeForm kind={props.kind} employee={props.employee ?? null} onClose={onClose} />);
  return { calls, onClose };
};

const chooseLocation = async (name: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: /^Location/ }));
  await userEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name }));
};

describe('employee form', { timeout: 20_000 }, () => {
  it('checks the fields and the new login before calling the server', async () => {
    const { calls } = setup({ kind: 'therapist' });
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('short');
    await userEvent.click(screen.getByRole('button', { name: 'Hire' }));
    expect(screen.getByText('Enter a first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a last name.')).toBeInTheDocument();
    expect(screen.getByText('Choose a location.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('hires a therapist with a login in one step, suggesting the username from the name', async () => {
    const hired = {
      ...seller,
      id: 77,
      kind: 'therapist',
      user: 90,
      username: 'rowena.pascual',
      first_name: 'Rowena',
      last_name: 'Pascual',
      full_name: 'Rowena Pascual',
      employee_code: 'TH-0019',
      monthly_target: null,
    };
    const { calls, onClose } = setup({ kind: 'therapist' }, { 'POST /therapists/': { status: 201, data: hired } });
    await userEvent.click(screen.getByLabelText(/^First name/));
    await userEvent.paste('Rowena');
    await userEvent.click(screen.getByLabelText(/^Last name/));
    await userEvent.paste('Pascual');
    await chooseLocation('Makati Salcedo');
    await userEvent.click(screen.getByLabelText(/^Mobile number/));
    await userEvent.paste('0917 555 0101');
    expect(screen.getByLabelText(/^Username/)).toHaveValue('rowena.pascual');
    expect(screen.queryByLabelText(/^Monthly target/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('serene lotus 2024');
    await userEvent.click(screen.getByRole('button', { name: 'Hire' }));
    expect(
      await screen.findByText('Rowena Pascual hired as therapist (TH-0019). They sign in as rowena.pascual.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.data))).toEqual({
      first_name: 'Rowena',
      last_name: 'Pascual',
      employee_code: '',
      phone: '+639175550101',
      location: 5,
      hire_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_active: true,
      account: { username: 'rowena.pascual', password: 'serene lotus 2024', email: '' },
    });
  });

  it('hires without a login when the switch is off', async () => {
    const { calls } = setup(
      { kind: 'receptionist' },
      {
        'POST /receptionists/': { status: 201, data: { ...seller, kind: 'receptionist', user: null, username: null } },
      },
    );
    await userEvent.type(screen.getByLabelText(/^First name/), 'Joy');
    await userEvent.click(screen.getByLabelText(/^Last name/));
    await userEvent.paste('Reyes');
    await chooseLocation('BGC High Street');
    await userEvent.click(screen.getByRole('switch', { name: /Create a login/ }));
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hire' }));
    await screen.findByText(/hired as receptionist/);
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.data));
    expect(body.account).toBeUndefined();
  });

  it("shows the server's refusals of the login under its fields", async () => {
    setup(
      { kind: 'therapist' },
      {
        'POST /therapists/': {
          status: 409,
          data: {
            message: 'A user with this username already exists.',
            errors: { 'account.username': ['A user with this username already exists.'] },
          },
        },
      },
    );
    await userEvent.click(screen.getByLabelText(/^First name/));
    await userEvent.paste('Mark');
    await userEvent.click(screen.getByLabelText(/^Last name/));
    await userEvent.paste('Cruz');
    await chooseLocation('Makati Salcedo');
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('serene lotus 2024');
    await userEvent.click(screen.getByRole('button', { name: 'Hire' }));
    expect(await screen.findByText('A user with this username already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a salesperson with a login: target shown, no second login offered', async () => {
    const { calls } = setup(
      { kind: 'salesperson', employee: seller },
      {
        'PATCH /salespersons/41/': {
          status: 400,
          data: {
            message: 'Please correct the highlighted fields.',
            errors: { monthly_target: ['The target cannot be negative.'] },
          },
        },
      },
    );
    expect(screen.getByText('liza.soriano')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Create a login/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+63 917 123 4567');
    const target = screen.getByLabelText(/^Monthly target/);
    expect(target).toHaveValue('150000.00');
    await userEvent.clear(target);
    await userEvent.click(target);
    await userEvent.paste('175000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The target cannot be negative.')).toBeInTheDocument();
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.data));
    expect(patch).toMatchObject({ monthly_target: '175000.00', location: 3, first_name: 'Liza' });
    expect(patch.account).toBeUndefined();
  });
});

describe('employee form in a new business', { timeout: 20_000 }, () => {
  it('says where locations are added while there is none to hire at', async () => {
    setup({ kind: 'salesperson' }, { 'GET /locations/': okPage([]) });
    expect(
      await screen.findByText('No locations yet: an Admin adds them under Admin → Locations.'),
    ).toBeInTheDocument();
  });
});
