import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../test/api-mock';
import { therapistData } from '../test/fixtures';
import { renderApp } from '../test/render';

/** A login an Admin just created: its password is the Admin's, so it must choose its own (decision 0017). */
const given = { ...therapistData, must_change_password: true };
const FORBIDDEN = {
  status: 403,
  data: { message: 'Choose a new password before you go on.', errors: { new_password: ['…'] } },
};

const settings: Record<string, MockHandler> = {
  'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: null } },
  'GET /notifications/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } },
};

afterEach(() => {
  document.cookie = 'csrftoken=; path=/; max-age=0';
});

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Signs in at /login as the new login; answers the calls made meanwhile. */
const signInWithGivenPassword = async (routes: Record<string, MockHandler>) => {
  const calls = mockApi({
    ...settings,
    'GET /users/my_data/': { status: 401, data: { message: 'Please sign in to continue.' } },
    'POST /users/login/': { status: 200, data: given },
    ...routes,
  });
  renderApp('/login');
  await userEvent.type(await screen.findByLabelText(/Username/), 'therapist');
  await userEvent.type(screen.getByLabelText(/^Password/), 'the admins pick 2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
  return calls;
};

describe('a password someone else set (decision 0017)', () => {
  it('shows only "Choose a new password" after sign-in, then the dashboard once it is changed', async () => {
    let changed = false;
    const calls = await signInWithGivenPassword({
      'POST /users/4/update_password/': (request) => {
        const body = JSON.parse(String(request.data)) as { new_password: string };
        if (body.new_password === 'the admins pick 2026')
          return {
            status: 400,
            data: {
              message: 'Please correct the highlighted fields.',
              errors: { new_password: ['Choose a password different from the current one.'] },
            },
          };
        changed = true;
        return { status: 200, data: { message: 'Password changed.' } };
      },
      // The server refuses everything else until then; the screen must not need it.
      'GET /users/my_data/': () =>
        changed ? { status: 200, data: { ...given, must_change_password: false } } : FORBIDDEN,
    });
    expect(screen.getByText('Signed in as therapist')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Side navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Maria$/ })).not.toBeInTheDocument();

    // Refused: the server's sentence under its field, still on the screen.
    await userEvent.type(screen.getByLabelText('Password you were given'), 'the admins pick 2026');
    await userEvent.type(screen.getByLabelText(/^New password/), 'the admins pick 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose a password different from the current one.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'my own quiet garden');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Maria$/ }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getByText('Password changed.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/users/4/update_password/').map((c) => JSON.parse(String(c.data)));
    expect(sent.at(-1)).toEqual({ old_password: 'the admins pick 2026', new_password: 'my own quiet garden' });
    // Before the change the gate asked for nothing the server would refuse.
    const beforeChange = calls.slice(
      0,
      calls.findIndex((c) => c.url === '/users/4/update_password/'),
    );
    expect(new Set(beforeChange.map((c) => `${c.method} ${c.url}`))).toEqual(
      new Set(['GET /users/my_data/', 'GET /configurations/settings/', 'POST /users/login/']),
    );
  });

  it('offers Sign out, which ends the session and goes back to /login', async () => {
    const calls = await signInWithGivenPassword({
      'POST /users/logout/': { status: 200, data: { message: 'Signed out.' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/users/logout/')).toBe(true);
  });

  it('opened again at another address, it still shows only the change and loads nothing of that screen', async () => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
    const calls = mockApi({ ...settings, 'GET /users/my_data/': { status: 200, data: given } });
    renderApp('/clients/7');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await waitFor(() => expect(calls.some((c) => c.url === '/configurations/settings/')).toBe(true));
    expect(calls.filter((c) => c.url.startsWith('/clients') || c.url.startsWith('/notifications'))).toEqual([]);
    expect(currentPath()).toBe('/clients/7');
  });
});
