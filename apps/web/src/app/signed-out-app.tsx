import { useEffect, useLayoutEffect } from 'react';
import { loginPathFor, paths } from '../config/paths';
import { LoginRoute } from './routes/login';

/** Signed out, any path but /login: go to /login, remembering where the person was going (docs/product.md §2). */
const toLogin = () => {
  const { pathname, search, hash } = window.location;
  if (pathname !== paths.login)
    window.history.replaceState(window.history.state, '', loginPathFor(`${pathname}${search}${hash}`));
};

/**
 * Signed out there is one screen, so no router: the address is corrected by hand and the sign-in
 * screen rendered at once. Keeping react-router out of this path keeps the sign-in bundle small.
 */
export const SignedOutApp = () => {
  useLayoutEffect(toLogin, []);
  // Back/forward while signed out lands on /login again.
  useEffect(() => {
    window.addEventListener('popstate', toLogin);
    return () => window.removeEventListener('popstate', toLogin);
  }, []);
  return <LoginRoute />;
};
