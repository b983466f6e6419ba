import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

type AdminDialogActionsProps = {
  label: string;
  /** While true both buttons wait and the main one shows a spinner named `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  /** The main button alone is off (the form shows why). */
  disabled?: boolean;
  onCancel: () => void;
  /** Without it the main button submits its form. */
  onConfirm?: () => void;
  color?: 'primary' | 'error';
  /** Focus starts on Cancel: a confirmation without fields opens on its safe choice. */
  focusCancel?: boolean;
  /** Where "Cancel" would read like the main action ("Cancel booking"), the way out says what it keeps. */
  cancelLabel?: string;
};

/** Cancel and the main button of a form or confirmation dialog. */
export const AdminDialogActions = ({
  label,
  busy,
  busyLabel,
  disabled = false,
  onCancel,
  onConfirm,
  color = 'primary',
  focusCancel = false,
  cancelLabel = 'Cancel',
}: AdminDialogActionsProps) => (
  <DialogActions sx={{ px: 3, py: 1.5 }}>
    <Button onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
      {cancelLabel}
    </Button>
    <Button
      type={onConfirm ? 'button' : 'submit'}
      color={color}
      variant="contained"
      onClick={onConfirm}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={busyLabel} /> : null}
    >
      {label}
    </Button>
  </DialogActions>
);
