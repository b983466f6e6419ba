import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { AdminDialogActions } from './dialog-actions';
import { useEntityForm, type ParseResult } from './use-entity-form';
import { useBackCloses } from './back-closes';

const REASON_FIELDS = ['reason'] as const;

export type ReasonDialogProps<D, S> = {
  title: string;
  /** What happens when it is confirmed, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The reason's limit, the contract field's maximum (e.g. 500): counted under the field, typing stops there. */
  maxLength: number;
  /** Who reads the reason, under the field (e.g. "The submitter sees this and can correct the day."). */
  hint?: string;
  label?: string;
  /** Marks the field required; the contract schema given to `parse` decides what is refused. */
  required?: boolean;
  color?: 'primary' | 'error';
  /** The way out, when "Cancel" would read like the confirm button (e.g. "Keep booking"). */
  cancelLabel?: string;
  /** The contract schema's `safeParse` of the request with this reason; its data is what is sent. */
  parse: (reason: string) => ParseResult<D>;
  /** Sends the parsed request. A rejection keeps the dialog open with the server's message inside it. */
  onConfirm: (data: D) => Promise<S>;
  /** After the server agreed: tell the user, revalidate, close. */
  onDone: (result: S) => Promise<void> | void;
  onClose: () => void;
};

/**
 * The one "say why" prompt (returning a report, deleting sales…): a title, what happens, a reason
 * field with its limit, Cancel and the confirm button. Rendered means open (like a form dialog):
 * each opening starts with an empty reason.
 */
export const ReasonDialog = <D, S>({
  title,
  children,
  confirmLabel,
  maxLength,
  hint,
  label = 'Reason',
  required = true,
  color = 'error',
  cancelLabel,
  parse,
  onConfirm,
  onDone,
  onClose,
}: ReasonDialogProps<D, S>) => {
  const form = useEntityForm({
    initialValues: () => ({ reason: '' }),
    fields: REASON_FIELDS,
    parse: (values) => parse(values.reason),
    save: (data) => onConfirm(data),
    onSaved: onDone,
  });
  const field = form.bind('reason');
  useBackCloses(true, form.submitting ? undefined : onClose);
  const count = `${form.values.reason.length}/${maxLength} characters`;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submitting) void form.submit();
  };

  return (
    <Dialog
      open
      onClose={form.submitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reason-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit} aria-label={title}>
        <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">{children}</DialogContentText>
          {form.errors.form ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {form.errors.form}
            </Alert>
          ) : null}
          <TextField
            {...field}
            // Focus starts in the one field: the reason is what the dialog asks for.
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={label}
            required={required}
            helperText={field.helperText ?? (hint ? `${hint} ${count}` : count)}
            slotProps={{ htmlInput: { maxLength } }}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <AdminDialogActions
          label={confirmLabel}
          color={color}
          busy={form.submitting}
          busyLabel="Working"
          onCancel={onClose}
          cancelLabel={cancelLabel}
        />
      </form>
    </Dialog>
  );
};
