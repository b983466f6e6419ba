import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
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
  it('shows the message top right, as info by default', async () => {
    setup({ message: 'Saved the client.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saved the client.');
    expect(alert.className).toMatch(/standardInfo|filledInfo|colorInfo/);
    expect(alert.closest('.MuiSnackbar-root')?.className).toMatch(/anchorOriginTopRight/);
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

  it("on a phone's full-screen dialog, starts below the dialog's title bar, leaving its title and close button in view", async () => {
    const TitleBarred = ({ fullScreen }: { fullScreen: boolean }) => (
      <Dialog open fullScreen={fullScreen} aria-labelledby="t">
        <DialogTitle id="t">Sale recorded</DialogTitle>
        <Trigger message="Receipt copied." />
      </Dialog>
    );
    const titleBottom = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      // The title bar of a 390 px phone: 59 px high at the top of the screen.
      { top: 0, bottom: 58.9, left: 0, right: 390, width: 390, height: 58.9, x: 0, y: 0, toJSON: () => ({}) },
    );
    const { rerender } = render(
      <SnackbarProvider>
        <TitleBarred fullScreen />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const toast = (await screen.findByRole('alert', { hidden: true })).closest('.MuiSnackbar-root');
    expect(getComputedStyle(toast!).top).toBe('67px');
    expect(toast?.className).toMatch(/anchorOriginTopRight/);

    // A dialog that is not full screen (a desk's 1280 px) leaves the toast in its corner.
    rerender(
      <SnackbarProvider>
        <TitleBarred fullScreen={false} />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show', hidden: true }));
    await waitFor(() => expect(getComputedStyle(document.querySelector('.MuiSnackbar-root')!).top).not.toBe('67px'));
    titleBottom.mockRestore();
  });

  it('stays up when someone clicks elsewhere', async () => {
    setup({ message: 'Password changed.' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('alert');
    await userEvent.click(document.body);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
