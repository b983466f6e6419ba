import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { isAdmin, myDataKey } from '../../features/auth/api/get-my-data';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { NEXT_PARAM, loginPathFor, paths, safeNextPath } from '../../config/paths';
import { useCurrentUser } from './current-user';

/** Signed out, any path but /login: go to /login, remembering where the person was going. */
export const RedirectToLogin = () => {
  const location = useLocation();
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
};

/** Signed in on /login (right after signing in, or by hand): go where the person was going, else /dashboard. */
export const RedirectAfterLogin = () => {
  const [params] = useSearchParams();
  return <Navigate to={safeNextPath(params.get(NEXT_PARAM)) ?? paths.dashboard} replace />;
};

/** /admin/*: the Admin group only; anyone else lands on /dashboard (SPEC.md §2, §6). */
export const RequireAdmin = () => {
  const user = useCurrentUser();
  return isAdmin(user) ? <Outlet /> : <Navigate to={paths.dashboard} replace />;
};

/**
 * HTTP 401 from any call clears the signed-in user, which swaps in the sign-in routes (→ /login).
 * Only when someone is signed in: the first profile fetch answering 401 is the normal signed-out case.
 */
export const useUnauthorizedRedirect = () => {
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (cache.get(myDataKey)?.data) void mutate(myDataKey, null, { revalidate: false });
    });
    return () => setUnauthorizedHandler(null);
  }, [cache, mutate]);
};
