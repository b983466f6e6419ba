import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useSWRConfig } from 'swr';
import { useSnackbar } from '../components/snackbar-provider';
import { myDataKey, type User } from '../features/auth/api/get-my-data';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { useLogout } from './layout/use-logout';
import { AuthFrame } from './routes/auth-frame';

/**
 * Signed in with a password someone else set (an Admin's, decision 0017): the server answers only
 * who-am-I, this change and sign-out, so the panel shows nothing else: no router, no live channel.
 * The change clears the flag and hands this browser a fresh session; the panel then opens where the
 * person was going (the dashboard after signing in).
 */
export const ChoosePasswordApp = ({ user }: { user: User }) => {
  const { mutate } = useSWRConfig();
  const { showSnackbar } = useSnackbar();
  const { logout, pending } = useLogout();

  const handleChanged = async (message: string) => {
    // The 200 means the server cleared the flag: the panel opens without asking again, as after signing in.
    await mutate(myDataKey, { ...user, mustChangePassword: false }, { revalidate: false });
    showSnackbar(message, 'success');
  };

  return (
    <AuthFrame title="Choose a new password" subtitle={`Signed in as ${user.username}`}>
      <Alert severity="info" sx={{ mb: 3 }}>
        Someone else set the password you signed in with. Choose one only you know to open the panel.
      </Alert>
      <ChangePasswordForm
        userId={user.id}
        onChanged={handleChanged}
        currentLabel="Password you were given"
        submitLabel="Save and continue"
      />
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Not you, or not now?
      </Typography>
      <Button variant="outlined" fullWidth disabled={pending} onClick={() => void logout()}>
        Sign out
      </Button>
    </AuthFrame>
  );
};
