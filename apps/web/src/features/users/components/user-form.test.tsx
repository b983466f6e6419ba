import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@ginhawa/contract';
import { mockApi, okPage, type MockHandler } from '../../../test/api-mock';
import { aLocation } from '../../../test/fixtures';
import { renderInProviders } from '../../../test/render';
import { UserForm } from './user-form';

const LOCATIONS = okPage([aLocation(3, 'BGC High Street')]);

const manager: AdminUser = {
  id: 9,
  username: 'manager',
  first_name: 'Joy',
  last_name: 'Andrada',
  email: '',
  avatar: null,
  is_active: true,
  groups: ['Manager'],
  locations: [3],
  location_names: ['BGC High Street'],
  last_login: null,
  date_joined: '2025-01-01T00:00:00.000Z',
  must_change_password: false,
};

const setup = (user: AdminUser | null, routes: Record<string, MockHandler> = {}) => {
  const calls = mockApi({ 'GET /locations/': LOCATIONS, ...routes });
  const onClose = vi.fn();
  renderInProviders(<UserForm user={user} onClose={onClose} />);
  return { calls, onClose };
};

describe('user form', { timeout: 20_000 }, () => {
  it('checks username and password before calling the server', async () => {
    const { calls } = setup(null);
    // The Admin's password is only a first one: the person chooses their own (decision 0017).
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'At least 10 characters. They will be asked to choose their own at first sign-in.',
    );
    await userEvent.click(screen.getByLabelText(/^Username/));
    await userEvent.paste('bad name');
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('short');
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByText('Use letters, digits and . _ @ + - only.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates an account with its groups and shows the server’s password rules under the field', async () => {
    const { calls } = setup(null, {
      'POST /users/': {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: { password: ['This password is too common. Choose a less predictable one.'] },
        },
      },
    });
    await userEvent.click(screen.getByLabelText(/^Username/));
    await userEvent.paste('carlo.m');
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.paste('password123');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Receptionist/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Manager/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('This password is too common. Choose a less predictable one.')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.data));
    // Groups in the contract's order, whatever order they were ticked in.
    expect(body).toEqual({
      username: 'carlo.m',
      first_name: '',
      last_name: '',
      email: '',
      groups: ['Manager', 'Receptionist'],
      locations: [],
      is_active: true,
      password: 'password123',
    });
  });

  it('edits without a password field and sends the changed groups and workplaces', async () => {
    const { calls, onClose } = setup(manager, {
      'PUT /users/9/': { status: 200, data: { ...manager, groups: ['Admin', 'Manager'] } },
    });
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'BGC High Street' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Admin/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('manager saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.data))).toEqual({
      username: 'manager',
      first_name: 'Joy',
      last_name: 'Andrada',
      email: '',
      groups: ['Admin', 'Manager'],
      locations: [3],
      is_active: true,
    });
  });

  it('offers an inactive location to no one new, and keeps one the user already holds', async () => {
    const locations = okPage([
      aLocation(3, 'BGC High Street', { is_active: false }),
      aLocation(4, 'Alabang Town', { is_active: false }),
      aLocation(5, 'Makati Salcedo'),
    ]);
    setup(manager, { 'GET /locations/': locations });
    expect(await screen.findByRole('button', { name: 'BGC High Street (inactive)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Works at' }));
    expect(await screen.findByRole('option', { name: 'Alabang Town (inactive)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Makati Salcedo' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('says on the edit form when the person has not yet chosen their own password', async () => {
    setup({ ...manager, must_change_password: true });
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(dialog).toHaveTextContent('Password not chosen');
    expect(dialog).toHaveTextContent(
      'manager still has the password set for them and is asked to choose their own at sign-in.',
    );
  });

  it('says nothing of the password once the person chose their own', () => {
    setup(manager);
    expect(screen.getByRole('dialog', { name: 'Edit user' })).not.toHaveTextContent('Password not chosen');
  });

  it('shows a refusal about the account itself above the form', async () => {
    setup(manager, { 'PUT /users/9/': { status: 409, data: { message: 'You cannot deactivate your own account.' } } });
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot deactivate your own account.');
  });
});
