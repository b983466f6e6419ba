import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../provider';
import { ClientSearch } from '../../features/clients/components/client-search';
import { mockApi } from '../../test/api-mock';
import { setViewportWidth, testSwr } from '../../test/render';
import { useClientSearchShortcut } from './client-search-shortcut';

const Shell = ({ children }: { children: ReactNode }) => {
  useClientSearchShortcut();
  return <>{children}</>;
};

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <Shell>
            <input aria-label="Note" />
          </Shell>
        ),
      },
      {
        path: '/clients',
        element: (
          <Shell>
            <ClientSearch linkTo={(id) => `/clients/${id}`} autoFocus />
          </Shell>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <Shell>
            <ClientSearch linkTo={(id) => `/clients/${id}`} />
          </Shell>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider swr={testSwr}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
};

describe('client search shortcut', () => {
  beforeEach(() => {
    mockApi({});
    // A desk's screen, with a keyboard: the search's placeholder names the shortcut there only.
    setViewportWidth(1280);
  });

  it('opens /clients with its search box focused on "/" from another screen', async () => {
    const router = renderAt('/profile');
    await userEvent.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    const search = await screen.findByRole('searchbox', { name: 'Find a client' });
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    expect(search).toHaveAttribute('placeholder', 'Name, mobile or email (press / or Ctrl+K)');
  });

  it('focuses the search on the screen that has one with Ctrl+K, without leaving it', async () => {
    const router = renderAt('/dashboard');
    const search = screen.getByRole('searchbox', { name: 'Find a client' });
    expect(search).not.toHaveFocus();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(search).toHaveFocus();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('leaves "/" to a text field being typed in, but Ctrl+K still works from there', async () => {
    const router = renderAt('/profile');
    const note = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.type(note, 'a/b');
    expect(note).toHaveValue('a/b');
    expect(router.state.location.pathname).toBe('/profile');
    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });
});
