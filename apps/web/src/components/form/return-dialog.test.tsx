import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderInProviders } from '../../test/render';
import { ReturnDialog } from './return-dialog';

/** The one "return with a reason" dialog, as the pay run and the daily report use it. */
const setup = (what: 'pay run' | 'report', send: (reason: string) => Promise<unknown>) => {
  const sent = vi.fn(send);
  const onReturned = vi.fn();
  const onClose = vi.fn();
  renderInProviders(
    <ReturnDialog what={what} hint="The submitter sees this." send={sent} onReturned={onReturned} onClose={onClose}>
      Makati, 29 Nov 2026 goes back to be corrected and submitted again.
    </ReturnDialog>,
  );
  return { sent, onReturned, onClose, dialog: screen.getByRole('dialog', { name: `Return the ${what}` }) };
};

describe('ReturnDialog', () => {
  it.each([
    ['pay run', 'Say why the pay run is returned.', 'Pay run returned.'],
    ['report', 'Say why the report is returned.', 'Report returned.'],
  ] as const)('returns a %s only with a reason, then says so and closes', async (what, required, done) => {
    const user = userEvent.setup();
    const { sent, onReturned, onClose, dialog } = setup(what, () => Promise.resolve({}));
    expect(within(dialog).getByText(/goes back to be corrected/)).toBeVisible();
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveAttribute('maxlength', '500');
    expect(within(dialog).getByText('The submitter sees this. 0/500 characters')).toBeVisible();

    // The contract's rule refuses an empty reason before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText(required)).toBeVisible();
    expect(sent).not.toHaveBeenCalled();

    await user.type(field, '  Cash short by 50.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith('Cash short by 50.');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onReturned).toHaveBeenCalledTimes(1);
  });

  it('stays open with the server’s refusal and does not say it was returned', async () => {
    const user = userEvent.setup();
    const { onReturned, onClose, dialog } = setup('report', () =>
      Promise.reject(new ApiError('This report was already approved.', { status: 409, fromServer: true })),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Count again');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This report was already approved.');
    expect(screen.queryByText('Report returned.')).not.toBeInTheDocument();
    expect(onReturned).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
