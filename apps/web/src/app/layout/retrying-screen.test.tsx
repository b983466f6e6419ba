import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../lib/chunk';
import { lazyRetrying } from './retrying-screen';

const Rooms = () => <h1>Rooms</h1>;

/** A screen whose code fails to arrive `failures` times (offline), then arrives. */
const flakyScreen = (failures: number) => {
  let left = failures;
  const fetchCode = vi.fn(() =>
    left-- > 0
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ Rooms }),
  );
  const router = createMemoryRouter([
    { path: '/', lazy: lazyRetrying(async () => (await loadChunk(fetchCode)).Rooms), HydrateFallback: () => null },
  ]);
  render(<RouterProvider router={router} />);
  return fetchCode;
};

describe('a screen whose code could not be fetched', () => {
  it('says so, then shows the screen by itself when the browser is back online', async () => {
    const fetchCode = flakyScreen(1);
    expect(await screen.findByText('This screen could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    // The listener is attached once the stand-in's effect has run: on a loaded machine that can come
    // after the text is on screen, so the browser's "online" is sent until the screen shows.
    await waitFor(() => {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.getByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    });
    expect(fetchCode).toHaveBeenCalledTimes(2);
  });

  it('tries again on its button, and keeps saying so while the code still does not arrive', async () => {
    const fetchCode = flakyScreen(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByText('This screen could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    expect(fetchCode).toHaveBeenCalledTimes(3);
  });

  it('offline, does not ask for the code until the browser is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchCode = flakyScreen(0);
    expect(await screen.findByText(/You are offline, so this screen could not be fetched yet/)).toBeInTheDocument();
    // Try again while still offline asks for nothing either.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetchCode).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    expect(fetchCode).toHaveBeenCalledTimes(1);
    onLine.mockRestore();
  });

  it('offers a reload once the code failed again while online', async () => {
    flakyScreen(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
