import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AdminDialogActions } from './dialog-actions';

type FormDialogProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  submitting: boolean;
  error?: string;
  /** Keeps the main button off while the form says why (a closed day); the reason is on the form. */
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** The frame every administration create/edit form shares: title, a form error on top, Cancel and Save; full screen on phones. */
export const FormDialog = ({
  open,
  title,
  submitLabel,
  submitting,
  error,
  submitDisabled = false,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting && !submitDisabled) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="form-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit} aria-label={title}>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <AdminDialogActions
          label={submitLabel}
          busy={submitting}
          busyLabel="Saving"
          disabled={submitDisabled}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
};
