import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInProviders, setViewportWidth } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';

const renderForm = (submitting = false) => {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  renderInProviders(
    <FormDialog open title="New bank" submitLabel="Save" submitting={submitting} onSubmit={onSubmit} onClose={onClose}>
      <TextField select label="Kind" value="card" slotProps={{ htmlInput: { readOnly: true } }} disabled>
        <MenuItem value="card">Card</MenuItem>
      </TextField>
      <TextField label="Name" />
      <TextField label="Account number" />
    </FormDialog>,
  );
  return { onClose, onSubmit, dialog: screen.getByRole('dialog', { name: 'New bank' }) };
};

describe('FormDialog', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('opens with focus in its first field that can take it', () => {
    const { dialog } = renderForm();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('closes from the X in its title, unless saving', async () => {
    const { onClose, dialog } = renderForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the X out of reach while saving', () => {
    const { dialog } = renderForm(true);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
  });

  it('fills a phone screen, with Save and the X still there', () => {
    setViewportWidth(390);
    const { dialog } = renderForm();
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  });
});

describe('ConfirmDialog', () => {
  it('opens on Cancel, its safe choice', () => {
    render(
      <ConfirmDialog
        open
        title="Delete bank?"
        confirmLabel="Delete"
        onConfirm={() => Promise.resolve()}
        onClose={vi.fn()}
      >
        BDO will be deleted.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
