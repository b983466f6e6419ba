import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { newPasswordSchema, type AdminUser } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/form/form-dialog';
import { serverErrors, type FormErrors } from '../../../components/form/form-errors';
import { setUserPassword } from '../api/save-user';

const FIELDS = ['new_password'] as const;

/** An admin sets a new password for someone who forgot theirs; every session of that person ends. */
export const SetPasswordDialog = ({ user, onClose }: { user: AdminUser; onClose: () => void }) => {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [submitting, setSubmitting] = useState(false);
  const { showSnackbar } = useSnackbar();

  const handleSubmit = async () => {
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setErrors({ new_password: parsed.error.issues[0]?.message });
      return;
    }
    setSubmitting(true);
    try {
      await setUserPassword(user.id, password);
      showSnackbar(`New password set for ${user.username}. They were signed out everywhere.`, 'success');
      onClose();
    } catch (err) {
      setErrors(serverErrors(err, FIELDS));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={`Set a password for ${user.username}`}
      submitLabel="Set password"
      submitting={submitting}
      error={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        Tell them the new password in person; they can change it on their profile.
      </Typography>
      <TextField
        label="New password"
        name="new_password"
        type="password"
        required
        autoFocus
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors({});
        }}
        error={Boolean(errors.new_password)}
        helperText={errors.new_password ?? 'At least 10 characters.'}
        disabled={submitting}
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
    </FormDialog>
  );
};
