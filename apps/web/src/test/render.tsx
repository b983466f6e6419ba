import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { AppProvider } from '../app/provider';
import { CurrentUserContext } from '../app/layout/current-user';
import type { User } from '../features/auth/api/get-my-data';

/** A fresh SWR cache per test, no dedupe, so tests never see each other's data. */
export const testSwr = { provider: () => new Map(), dedupingInterval: 0 };

/** The whole app at `path`, as a browser would open it. */
export const renderApp = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <AppProvider swr={testSwr}>
      <App />
    </AppProvider>,
  );
};

/** One component inside the app's providers (theme, SWR, snackbar), no router. */
export const renderInProviders = (ui: ReactElement) => render(<AppProvider swr={testSwr}>{ui}</AppProvider>);

/** One component inside the providers and a memory router at `path`. */
export const renderWithRouter = (
  ui: ReactElement,
  { path = '/', user = null }: { path?: string; user?: User | null } = {},
) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProvider swr={testSwr}>
      <CurrentUserContext.Provider value={user}>
        <RouterProvider router={router} />
      </CurrentUserContext.Provider>
    </AppProvider>,
  );
  return { ...result, router };
};

/** Makes MUI's useMediaQuery see a window this wide. */
export const setViewportWidth = (width: number) => {
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
};
