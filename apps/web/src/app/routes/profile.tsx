import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useSWRConfig } from 'swr';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar-provider';
import { myDataKey, type User } from '../../features/auth/api/get-my-data';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { ProfileCard } from '../../features/auth/components/profile-card';
import { useCurrentUser } from '../layout/current-user';

/** /profile: my details and groups, photo upload, change password (docs/product.md §12). */
export const ProfileRoute = () => {
  const user = useCurrentUser();
  const { mutate } = useSWRConfig();
  const { showSnackbar } = useSnackbar();

  const handleAvatarChanged = async (updated: User) => {
    await mutate(myDataKey, updated, { revalidate: false });
    showSnackbar('Profile photo updated.', 'success');
  };

  return (
    <>
      <PageHeader title="Profile" subtitle="Your details, photo and password" />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <ProfileCard
          user={user}
          onAvatarChanged={handleAvatarChanged}
          onError={(message) => showSnackbar(message, 'error')}
        />
        <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
            Change password
          </Typography>
          <ChangePasswordForm userId={user.id} onChanged={(message) => showSnackbar(message, 'success')} />
        </Card>
      </Box>
    </>
  );
};
