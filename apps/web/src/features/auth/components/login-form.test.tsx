import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { therapistData } from '../../../test/fixtures';
import { testSwr } from '../../../test/render';
import { LoginForm } from './login-form';

const setup = () => {
  const onSuccess = vi.fn();
  render(
    <AppProvider swr={testSwr}>
      <LoginForm onSuccess={onSuccess} />
    </AppProvider>,
  );
  return { onSuccess };
};

const fillAndSubmit = async (username = 'therapist', password = 'demo-pass-12345') => {
  if (username) await userEvent.type(screen.getByLabelText(/Username/), username);
  if (password) await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('login form', () => {
  it('has username and password fields named for password managers', () => {
    setup();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
  });

  it('asks for both fields before calling the server', async () => {
    const calls = mockApi({});
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when sign-in fails", async () => {
    mockApi({ 'POST /users/login/': { status: 400, data: { message: 'Invalid username or password.' } } });
    setup();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    // Focus moves to the message, so it is read out and the next Tab goes back to the fields.
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it("shows 'Login failed. Please try again.' when the server gives no message", async () => {
    mockApi({ 'POST /users/login/': 'network-error' });
    setup();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('shows a spinner while signing in, then hands over the user', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const calls = mockApi({ 'POST /users/login/': () => new Promise((resolve) => (answer = resolve)) });
    const { onSuccess } = setup();
    await fillAndSubmit();
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled();
    expect(calls[0]?.data).toBe(JSON.stringify({ username: 'therapist', password: 'demo-pass-12345' }));
    answer({ status: 200, data: therapistData });
    await vi.waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith(
        expect.objectContaining({ username: 'therapist', firstName: 'maria', groups: ['Therapist'] }),
      ),
    );
  });
});
