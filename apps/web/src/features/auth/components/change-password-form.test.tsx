import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

const setup = () => {
  const onChanged = vi.fn();
  render(
    <AppProvider swr={testSwr}>
      <ChangePasswordForm userId={4} onChanged={onChanged} />
    </AppProvider>,
  );
  return { onChanged };
};

const submit = async (oldPassword: string, newPassword: string) => {
  if (oldPassword) await userEvent.type(screen.getByLabelText('Current password'), oldPassword);
  if (newPassword) await userEvent.type(screen.getByLabelText('New password'), newPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('change password form', () => {
  it('checks the fields before calling the server', async () => {
    const calls = mockApi({});
    setup();
    await submit('', 'short');
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors under their fields", async () => {
    mockApi({
      'POST /users/4/update_password/': {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: {
            old_password: ['The current password is not correct.'],
            new_password: ['This password is too common.'],
          },
        },
      },
    });
    setup();
    await submit('wrong-password', 'password1234');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other failures in an alert', async () => {
    mockApi({
      'POST /users/4/update_password/': {
        status: 429,
        data: { message: 'Too many requests. Please wait and try again.' },
      },
    });
    setup();
    await submit('my-old-password', 'a-brand-new-passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait and try again.');
  });

  it('sends both passwords, then clears the form and reports success', async () => {
    const calls = mockApi({
      'POST /users/4/update_password/': { status: 200, data: { message: 'Password changed.' } },
    });
    const { onChanged } = setup();
    await submit('my-old-password', 'a-brand-new-passphrase');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith('Password changed.'));
    expect(JSON.parse(String(calls[0]?.data))).toEqual({
      old_password: 'my-old-password',
      new_password: 'a-brand-new-passphrase',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
