import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { AppProvider } from '../app/provider';
import { mockApi } from '../test/api-mock';
import { testSwr } from '../test/render';
import { renderSignIn } from './sign-in';

describe('the sign-in form drawn at build time (decision 1061)', () => {
  it('cannot be sent before the code runs; taken over, it keeps what was typed, matches, and signs in', async () => {
    const calls = mockApi({
      'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: null } },
      'GET /users/my_data/': { status: 401, data: { message: 'Please sign in to continue.' } },
      'POST /users/login/': { status: 400, data: { message: 'Invalid username or password.' } },
    });
    window.history.replaceState(null, '', '/login');
    const { html } = renderSignIn();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    // The browser's own submit would be a GET with the password in the address.
    const button = container.querySelector('button[type="submit"]');
    expect(button).toHaveTextContent('Sign in');
    expect(button).toBeDisabled();
    const typeBefore = (name: string, value: string) => {
      const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!input) throw new Error(`no ${name} field in the prerendered form`);
      input.value = value;
    };
    typeBefore('username', 'receptionist');
    typeBefore('password', 'demo-pass-12345');

    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    render(
      <StrictMode>
        <AppProvider swr={testSwr}>
          <App />
        </AppProvider>
      </StrictMode>,
      { container, hydrate: true, onRecoverableError: recoverable },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    // Taken over as it was: no mismatch (React would draw the form anew and report it).
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
    expect(screen.getByLabelText(/Username/)).toHaveValue('receptionist');
    expect(screen.getByLabelText(/Password/)).toHaveValue('demo-pass-12345');
    expect(container.querySelectorAll('input[name="username"]')).toHaveLength(1);

    // What was typed before the code ran is what is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/users/login/')?.data;
    expect(typeof sent === 'string' ? JSON.parse(sent) : sent).toEqual({
      username: 'receptionist',
      password: 'demo-pass-12345',
    });
    container.remove();
  });
});
