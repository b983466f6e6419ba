import { useSWRConfig } from 'swr';
import { LoginForm } from '../../features/auth/components/login-form';
import { myDataKey, type User } from '../../features/auth/api/get-my-data';
import { AuthFrame } from './auth-frame';

/** /login. Signing in stores the user, which swaps in the app routes; they return the person where they were going. */
export const LoginRoute = () => {
  const { mutate } = useSWRConfig();
  const handleSuccess = async (user: User) => {
    await mutate(myDataKey, user, { revalidate: false });
  };

  return (
    <AuthFrame title="Sign in" subtitle="Use your staff account to continue.">
      <LoginForm onSuccess={handleSuccess} />
    </AuthFrame>
  );
};
