import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { returnReportBodySchema } from '@ginhawa/contract';
import { ApiError } from '../../lib/api-client';
import { ReasonDialog } from './reason-dialog';

type Sent = { reason: string };

const setup = (onConfirm: (data: Sent) => Promise<{ ok: string }>) => {
  const confirm = vi.fn(onConfirm);
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <ReasonDialog
      title="Return this report?"
      confirmLabel="Return"
      maxLength={500}
      hint="The submitter sees this."
      parse={(reason) => returnReportBodySchema.safeParse({ reason })}
      onConfirm={confirm}
      onDone={onDone}
      onClose={onClose}
    >
      The submitter corrects the day and submits it again.
    </ReasonDialog>,
  );
  return { confirm, onDone, onClose, dialog: screen.getByRole('dialog', { name: 'Return this report?' }) };
};

describe('ReasonDialog', () => {
  it('says what happens, asks for the reason with its limit, and sends nothing without one', async () => {
    const user = userEvent.setup();
    const { confirm, onDone, dialog } = setup(() => Promise.resolve({ ok: 'yes' }));
    expect(within(dialog).getByText('The submitter corrects the day and submits it again.')).toBeVisible();
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveFocus();
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('maxlength', '500');
    expect(within(dialog).getByText('The submitter sees this. 0/500 characters')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('Say why the report is returned.')).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();

    await user.type(field, 'Count the cash again.');
    expect(within(dialog).queryByText('Say why the report is returned.')).toBeNull();
    expect(within(dialog).getByText('The submitter sees this. 21/500 characters')).toBeVisible();
  });

  it('sends the parsed reason (trimmed) and hands the answer on', async () => {
    const user = userEvent.setup();
    const { confirm, onDone, dialog } = setup(() => Promise.resolve({ ok: 'returned' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Count the cash again.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(confirm).toHaveBeenCalledWith({ reason: 'Count the cash again.' });
    expect(onDone).toHaveBeenCalledWith({ ok: 'returned' });
  });

  it("shows the server's refusal inside the dialog: a reason message under the field, anything else on top", async () => {
    const user = userEvent.setup();
    const answers = [
      new ApiError('This report was already approved.', { status: 409, fromServer: true }),
      new ApiError('Check the reason.', { status: 400, errors: { reason: ['Use plain text.'] }, fromServer: true }),
    ];
    const { onDone, onClose, dialog } = setup(() => Promise.reject(answers.shift()!));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Count again');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This report was already approved.');

    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('Use plain text.')).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
