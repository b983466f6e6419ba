import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isAdmin } from '../../features/auth/api/get-my-data';
import { pathAfterSignIn, paths } from '../../config/paths';
import { useCurrentUser } from './current-user';

/** Signed in on /login (right after signing in, or by hand): go where the person was going, else /dashboard. */
export const RedirectAfterLogin = () => {
  const [params] = useSearchParams();
  return <Navigate to={pathAfterSignIn(params)} replace />;
};

/** /admin/*: the Admin group only; anyone else lands on /dashboard (docs/product.md §2, §6). */
export const RequireAdmin = () => {
  const user = useCurrentUser();
  return isAdmin(user) ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
};
