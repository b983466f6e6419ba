import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { AdminDialogActions } from './dialog-actions';
import { DialogTitleBar } from './dialog-title-bar';
import { focusFirstField } from './focus-first-field';
import { ResponsiveDialog } from './responsive-dialog';

type FormDialogProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  submitting: boolean;
  error?: string;
  /** Keeps the main button off while the form says why (a closed day, an audience that reaches nobody). */
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The way out, when "Cancel" beside the dialog's own actions would be ambiguous (e.g. "Close"). */
  cancelLabel?: string;
  children: ReactNode;
};

/**
 * The frame every administration create/edit form shares: title with a close button, a form error
 * on top, Cancel and Save; full screen on phones. Only the content scrolls, so Save never leaves
 * the screen (docs/decisions/0620).
 */
export const FormDialog = ({
  open,
  title,
  submitLabel,
  submitting,
  error,
  submitDisabled = false,
  onSubmit,
  onClose,
  cancelLabel,
  children,
}: FormDialogProps) => {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting && !submitDisabled) onSubmit();
  };
  return (
    <ResponsiveDialog open={open} busy={submitting} onClose={onClose} labelledBy="form-dialog-title">
      {/* A flex column that may shrink: the content scrolls, title and actions stay (MUI's scroll="paper"). */}
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        aria-label={title}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitleBar id="form-dialog-title" title={title} onClose={onClose} disabled={submitting} />
        <DialogContent ref={focusFirstField} dividers>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <AdminDialogActions
          label={submitLabel}
          busy={submitting}
          busyLabel="Saving"
          onCancel={onClose}
          cancelLabel={cancelLabel}
          disabled={submitDisabled}
        />
      </Box>
    </ResponsiveDialog>
  );
};
