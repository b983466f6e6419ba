import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar, type SnackbarSeverity } from './snackbar-provider';

const Trigger = ({ message, severity }: { message: string; severity?: SnackbarSeverity }) => {
  const { showSnackbar } = useSnackbar();
  return <button onClick={() => showSnackbar(message, severity)}>Show</button>;
};

const setup = (props: { message: string; severity?: SnackbarSeverity }) =>
  render(
    <SnackbarProvider>
      <Trigger {...props} />
    </SnackbarProvider>,
  );

describe('snackbar', () => {
  it('shows the message, as info by default', async () => {
    setup({ message: 'Saved the client.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saved the client.');
    expect(alert.className).toMatch(/standardInfo|filledInfo|colorInfo/);
  });

  it('uses the severity it is given', async () => {
    setup({ message: 'Could not save.', severity: 'error' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).className).toMatch(/filledError|colorError/);
  });

  it('hides itself after 4000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ message: 'Password changed.' });
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    expect(screen.getByRole('alert')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3900);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('closes on its close button', async () => {
    setup({ message: 'Password changed.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('closes on Escape', async () => {
    setup({ message: 'Password changed.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('alert');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('keeps an error up until it is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ message: 'Could not save the count.', severity: 'error' });
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save the count.');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('stays up when someone clicks elsewhere', async () => {
    setup({ message: 'Password changed.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('alert');
    await userEvent.click(document.body);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

describe('snackbar placement', () => {
  it('moves off a button that scrolling brings under it', async () => {
    // jsdom lays nothing out: the board's booking is drawn off screen, then scrolled to the toast's
    // first place, the bottom-left corner of the window.
    let bookingTop = 5000;
    render(
      <SnackbarProvider>
        <div data-testid="day-view">
          <button
            ref={(el) => {
              if (el)
                el.getBoundingClientRect = () =>
                  ({
                    top: bookingTop,
                    left: 0,
                    width: window.innerWidth,
                    height: 60,
                    bottom: bookingTop + 60,
                    right: window.innerWidth,
                  }) as DOMRect;
            }}
          >
            10:00 booking
          </button>
        </div>
        <Trigger message="Clocked in." />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const toast = (await screen.findByRole('alert')).parentElement!;
    await waitFor(() => expect(toast.style.top).not.toBe(''));
    const first = toast.style.top;
    bookingTop = window.innerHeight - 70;
    act(() => {
      screen.getByTestId('day-view').dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(toast.style.top).not.toBe(first));
  });
});
