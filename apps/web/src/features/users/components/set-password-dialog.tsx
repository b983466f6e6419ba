import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH, changeOwnPasswordBodySchema, type AdminUser } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { setUserPassword } from '../api/save-user';

const FIELDS = ['new_password'] as const;
/** An administrator sets the new password without the old one. */
const setPasswordBodySchema = changeOwnPasswordBodySchema.pick({ new_password: true });

/**
 * An admin sets a new password for someone who forgot theirs; every session of that person ends,
 * and at their next sign-in they choose their own (decision 0017).
 */
export const SetPasswordDialog = ({ user, onClose }: { user: AdminUser; onClose: () => void }) => {
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => ({ new_password: '' }),
    fields: FIELDS,
    parse: (v) => setPasswordBodySchema.safeParse(v),
    save: (data) => setUserPassword(user.id, data),
    onSaved: () => {
      showSnackbar(`New password set for ${user.username}. They were signed out everywhere.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      {...form.dialog}
      title={`Set a password for ${user.username}`}
      submitLabel="Set password"
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        Tell them the new password in person; when they sign in with it, they choose their own.
      </Typography>
      <TextField
        label="New password"
        type="password"
        required
        autoFocus
        {...form.bind(
          'new_password',
          `At least ${PASSWORD_MIN_LENGTH} characters. They will be asked to choose their own at their next sign-in.`,
        )}
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
    </FormDialog>
  );
};
