/**
 * Whether this browser may hold a session: the readable CSRF cookie is set beside the HttpOnly
 * session cookie at sign-in (same lifetime) and cleared at sign-out, and no session can make a
 * write without it. Without it the profile call is sure to answer 401, so the sign-in form need
 * not wait for it. The `__Host-` prefix is what the cookie is called behind TLS.
 */
export const hasSessionHint = (): boolean =>
  typeof document !== 'undefined' && /(?:^|;\s*)(?:__Host-)?csrftoken=[^;]/.test(document.cookie);
