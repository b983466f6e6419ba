import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../test/api-mock';
import { adminData, therapistData } from '../test/fixtures';
import { renderApp } from '../test/render';

const settings: Record<string, MockHandler> = {
  'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: null } },
};
const signedOut: Record<string, MockHandler> = {
  ...settings,
  'GET /users/my_data/': { status: 401, data: { message: 'Please sign in to continue.' } },
};
/** A browser with a session holds the readable CSRF cookie beside the HttpOnly session cookie. */
const setSessionCookie = () => {
  document.cookie = 'csrftoken=test-csrf-token; path=/';
};
afterEach(() => {
  document.cookie = 'csrftoken=; path=/; max-age=0';
});

const signedInAs = (data = therapistData): Record<string, MockHandler> => (
  setSessionCookie(),
  {
    ...settings,
    'GET /users/my_data/': { status: 200, data },
    'GET /notifications/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } },
  }
);

const currentPath = () => `${window.location.pathname}${window.location.search}`;

describe('guard and redirects', () => {
  it('shows the full-screen loading overlay while auth is loading', async () => {
    setSessionCookie();
    mockApi({ ...settings, 'GET /users/my_data/': 'pending' });
    renderApp('/dashboard');
    expect(await screen.findByRole('progressbar', { name: 'Loading your workspace…' })).toBeInTheDocument();
  });

  it('without a session cookie shows the sign-in form at once, not waiting for the profile call', async () => {
    const calls = mockApi({ ...settings, 'GET /users/my_data/': 'pending' });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i)).toBeInTheDocument();
    expect(currentPath()).toBe('/login?next=%2Fprofile');
    // The profile call still goes out: the server, not the cookie, decides who is signed in.
    expect(calls.some((c) => c.method === 'GET' && c.url === '/users/my_data/')).toBe(true);
  });

  it("moves the page's held-back panel code links into its head at the first key, once (decision 1089)", async () => {
    const held = document.createElement('template');
    held.id = 'panel-code';
    held.innerHTML = '<link rel="modulepreload" href="/assets/signed-in-app.js" data-signed-in>';
    document.head.append(held);
    try {
      mockApi(signedOut);
      renderApp('/login');
      const name = await screen.findByLabelText(/username/i);
      expect(document.head.querySelectorAll('link[data-signed-in]')).toHaveLength(0);
      await userEvent.type(name, 'ab');
      expect(document.head.querySelectorAll('link[data-signed-in]')).toHaveLength(1);
      expect(document.getElementById('panel-code')).toBeNull();
    } finally {
      held.remove();
      for (const link of document.head.querySelectorAll('link[data-signed-in]')) link.remove();
    }
  });

  it('going back while signed out lands on /login again', async () => {
    mockApi(signedOut);
    window.history.replaceState(null, '', '/dashboard');
    window.history.pushState(null, '', '/login');
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    window.history.back();
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fdashboard'));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-out person to /login, remembering where they were going', async () => {
    mockApi(signedOut);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?next=%2Fprofile');
    expect(await screen.findByText('Lotus Spa')).toBeInTheDocument();
  });

  it('shows the default title and logo when the settings give none', async () => {
    mockApi({
      ...signedOut,
      'GET /configurations/settings/': { status: 200, data: { company_name: null, logoUrl: null } },
    });
    renderApp('/login');
    expect(await screen.findByText('Ginhawa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ginhawa logo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
  });

  it("shows the company's own logo when the settings have one", async () => {
    mockApi({
      ...signedOut,
      'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: '/media/logo.png' } },
    });
    renderApp('/login');
    expect(await screen.findByRole('img', { name: 'Lotus Spa logo' })).toHaveAttribute('src', '/media/logo.png');
  });

  it('treats a failed profile fetch as signed out', async () => {
    mockApi({ ...settings, 'GET /users/my_data/': { status: 500, data: { message: 'Something broke.' } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('returns to the wanted page after signing in', async () => {
    let signedIn = false;
    mockApi({
      ...signedInAs(),
      'GET /users/my_data/': () =>
        signedIn
          ? { status: 200, data: therapistData }
          : { status: 401, data: { message: 'Please sign in to continue.' } },
      'POST /users/login/': () => {
        signedIn = true;
        return { status: 200, data: therapistData };
      },
    });
    renderApp('/notifications');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/Username/), 'therapist');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo-pass-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
  });

  it('goes to /dashboard after signing in when nothing else was wanted', async () => {
    mockApi({
      ...signedOut,
      'POST /users/login/': { status: 200, data: therapistData },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'therapist');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo-pass-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends / to /dashboard, with the greeting, role, location and date', async () => {
    mockApi(signedInAs());
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Maria$/ }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getAllByText('Therapist').length).toBeGreaterThan(0);
    expect(screen.getByText(/ · Manila$/)).toBeInTheDocument();
    expect(screen.getByText('Ginhawa Makati')).toBeInTheDocument();
  });

  it('sends an unknown path to /dashboard', async () => {
    mockApi(signedInAs());
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: /Maria$/ });
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends /login to /dashboard when already signed in', async () => {
    mockApi(signedInAs());
    renderApp('/login');
    await screen.findByRole('heading', { name: /Maria$/ });
    expect(currentPath()).toBe('/dashboard');
  });

  it('keeps a non-admin out of /admin/*', async () => {
    mockApi(signedInAs(therapistData));
    renderApp('/admin/employees');
    await screen.findByRole('heading', { name: /Maria$/ });
    expect(currentPath()).toBe('/dashboard');
  });

  it('lets an admin into /admin/*, showing the admin menu for screens not built yet', async () => {
    mockApi(signedInAs(adminData));
    renderApp('/admin/not-built');
    const menu = await screen.findByRole('list', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: /Client records/ })).toHaveAttribute('href', '/admin/clients');
    expect(currentPath()).toBe('/admin/not-built');
  });

  it('sends the person to /login when any call answers 401', async () => {
    mockApi({ ...signedInAs(), 'GET /clients/7/': { status: 401, data: { message: 'Please sign in to continue.' } } });
    renderApp('/clients/7');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?next=%2Fclients%2F7');
  });

  it('logs out: the logout call, then /login', async () => {
    let signedIn = true;
    const calls = mockApi({
      ...signedInAs(),
      'GET /users/my_data/': () =>
        signedIn
          ? { status: 200, data: therapistData }
          : { status: 401, data: { message: 'Please sign in to continue.' } },
      'POST /users/logout/': () => {
        signedIn = false;
        return { status: 200, data: { message: 'Signed out.' } };
      },
    });
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    const drawer = screen.getByRole('navigation', { name: 'Side navigation' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/users/logout/')).toBe(true);
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
  });
});
