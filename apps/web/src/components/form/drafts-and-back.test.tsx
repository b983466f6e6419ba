import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderInProviders } from '../../test/render';
import { FormDialog } from './form-dialog';
import { useEntityForm } from './use-entity-form';

const schema = z.object({ cash_on_hand: z.string().min(1, 'Enter the cash count.') });

/** A cash count form kept as a draft under `count:1:2026-11-29`, as the daily report's is. */
const CashCount = ({ save }: { save: (v: { cash_on_hand: string }) => Promise<unknown> }) => {
  const form = useEntityForm({
    initialValues: () => ({ cash_on_hand: '' }),
    fields: ['cash_on_hand'] as const,
    parse: (v: { cash_on_hand: string }) => schema.safeParse(v),
    save,
    onSaved: () => undefined,
    money: ['cash_on_hand'],
    draft: 'count:1:2026-11-29',
  });
  return (
    <form
      aria-label="Cash count"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <TextField label="Cash on hand" {...form.bind('cash_on_hand')} />
      <button type="submit">Submit</button>
    </form>
  );
};

const KEY = 'ginhawa:draft:count:1:2026-11-29';

afterEach(() => window.sessionStorage.clear());

describe('a draft kept in the session', () => {
  it('brings back a typed cash count after a reload, and forgets it once submitted', async () => {
    const save = vi.fn(() => Promise.resolve({}));
    const before = render(<CashCount save={save} />);
    await userEvent.type(within(before.container).getByLabelText('Cash on hand'), '12,450.50');
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ cash_on_hand: '12,450.50' });

    // A reload: the page starts again from what the tab kept (the old page never unmounts).
    const after = render(<CashCount save={save} />);
    const field = within(after.container).getByLabelText('Cash on hand');
    expect(field).toHaveValue('12,450.50');
    await userEvent.click(within(after.container).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ cash_on_hand: '12450.50' }));
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('forgets the draft when the form goes away (Cancel, Back, leaving the screen)', async () => {
    const { container, unmount } = render(<CashCount save={() => Promise.resolve({})} />);
    await userEvent.type(within(container).getByLabelText('Cash on hand'), '900');
    expect(window.sessionStorage.getItem(KEY)).not.toBeNull();
    unmount();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});

/** A page with a button that opens a form dialog. */
const Page = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>Floor</h1>
      <button onClick={() => setOpen(true)}>New reservation</button>
      {open ? (
        <FormDialog
          open
          title="Book Ana Cruz"
          submitLabel="Book"
          submitting={false}
          onSubmit={() => undefined}
          onClose={() => setOpen(false)}
        >
          <TextField label="Notes" />
        </FormDialog>
      ) : null}
    </>
  );
};

/**
 * The page, a dialog opened and closed by Cancel whose Back the browser dropped, and STUCK_BACK_MS
 * gone by: answers the spent entry's key, still on top of the history. Runs under fake timers.
 */
const aDialogWhoseBackNeverCame = async () => {
  renderInProviders(<Page />);
  await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
  await screen.findByRole('dialog', { name: 'Book Ana Cruz' });
  await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
  const spentKey: unknown = window.history.state?.ginhawaDialog;
  const dropped = vi.spyOn(window.history, 'back').mockImplementationOnce(() => undefined);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(dropped).toHaveBeenCalledTimes(1);
  dropped.mockRestore();
  act(() => vi.advanceTimersByTime(1000));
  expect(window.history.state?.ginhawaDialog).toBe(spentKey);
  return spentKey;
};

/**
 * Under fake timers: after a dialog whose Back never came, the dialog opened again (pushing over the
 * spent entry) and closed by `close`, which leaves the page's heading showing.
 */
const reopenedOverASpentEntry = async (close: () => Promise<void>) => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    const spentKey = await aDialogWhoseBackNeverCame();
    await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
    await screen.findByRole('dialog', { name: 'Book Ana Cruz' });
    await waitFor(() => expect(window.history.state?.ginhawaDialog).not.toBe(spentKey));
    await close();
    expect(screen.getByRole('heading', { name: 'Floor' })).toBeInTheDocument();
  } finally {
    vi.useRealTimers();
  }
};

describe('Back with a dialog open', () => {
  it('closes the dialog and stays on the page', async () => {
    renderInProviders(<Page />);
    const url = window.location.href;
    await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
    expect(await screen.findByRole('dialog', { name: 'Book Ana Cruz' })).toBeInTheDocument();
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
    // The panel's listener takes this Back (the router never sees it): wait for what it does.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.href).toBe(url);
    expect(screen.getByRole('heading', { name: 'Floor' })).toBeInTheDocument();
  });

  it('takes its history entry off when it is closed by its own button', async () => {
    renderInProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
    await screen.findByRole('dialog', { name: 'Book Ana Cruz' });
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeUndefined());
    // Opened again, Back still closes it.
    await userEvent.click(screen.getByRole('button', { name: 'New reservation' }));
    await screen.findByRole('dialog', { name: 'Book Ana Cruz' });
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes a dialog opened over the entry of one whose Back never came', async () => {
    // A browser may drop the traversal of a closed dialog's Back: after STUCK_BACK_MS the next dialog
    // pushes anyway, on top of that spent entry. Back from it lands on the spent entry: it still closes.
    await reopenedOverASpentEntry(async () => {
      act(() => window.history.back());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  it('a dialog pushed over the entry of one whose Back never came, closed by its button, leaves the page on top', async () => {
    // Opened again over the spent entry and closed by Cancel: its Back passes over the spent one too.
    await reopenedOverASpentEntry(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeUndefined());
    });
  });
});
