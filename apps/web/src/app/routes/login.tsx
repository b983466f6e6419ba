import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSWRConfig } from 'swr';
import { LoginForm } from '../../features/auth/components/login-form';
import { myDataKey, type User } from '../../features/auth/api/get-my-data';
import { CompanyBrand } from '../../features/settings/components/company-brand';

/** /login. Signing in stores the user, which swaps in the app routes; they return the person where they were going. */
export const LoginRoute = () => {
  const { mutate } = useSWRConfig();
  const handleSuccess = async (user: User) => {
    await mutate(myDataKey, user, { revalidate: false });
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: 'radial-gradient(1200px 600px at 50% -10%, rgba(95, 166, 143, 0.18), transparent 70%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420, borderRadius: '20px' }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <CompanyBrand logoSize={72} direction="column" nameVariant="h5" />
          </Box>
          <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mb: 0.5 }}>
            Sign in
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', mb: 3 }}>
            Use your staff account to continue.
          </Typography>
          <LoginForm onSuccess={handleSuccess} />
        </CardContent>
      </Card>
      <Typography variant="caption" color="textSecondary" sx={{ mt: 3 }}>
        Staff back office
      </Typography>
    </Box>
  );
};
