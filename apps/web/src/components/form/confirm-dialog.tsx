import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { getErrorMessage } from '../../lib/api-client';
import { AdminDialogActions } from './dialog-actions';
import { useBackCloses } from './back-closes';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for a destructive action (the default); primary for a step that only needs a second look. */
  confirmColor?: 'primary' | 'error';
  /** Rejecting keeps the dialog open with the server's message (e.g. a 409 saying what uses it). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** Asks before a destructive action; a refusal is shown in the dialog, where it can be read. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  confirmColor = 'error',
  onConfirm,
  onClose,
}: ConfirmDialogProps) => {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleClose = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  const handleConfirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (err) {
      setPending(false);
      setError(getErrorMessage(err));
    }
  };

  useBackCloses(open, pending ? undefined : handleClose);

  return (
    <Dialog open={open} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <AdminDialogActions
        label={confirmLabel}
        color={confirmColor}
        busy={pending}
        busyLabel="Working"
        onCancel={handleClose}
        onConfirm={() => void handleConfirm()}
        focusCancel
      />
    </Dialog>
  );
};
