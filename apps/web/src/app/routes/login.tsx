import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { LoginForm } from '../../features/auth/components/login-form';
import { myDataKey, type User } from '../../features/auth/api/get-my-data';
import { pathAfterSignIn } from '../../config/paths';
import { loadFirstScreenCode } from '../prefetch';
import { loadSignedIn } from '../signed-in-chunk';
import { AuthFrame } from './auth-frame';

/** The id of the signed-out page's <template> of the panel's code links (vite.config.ts). */
const PANEL_CODE_TEMPLATE = 'panel-code';

/**
 * The panel's and the layout's chunks, held back by the signed-out page (decision 1089), start to
 * download and compile, without running, once the person types: by "Sign in" they are usually
 * here. Once; a page without the template (index.html, the dev server) has them or loads them later.
 */
const startPanelCode = () => {
  const held = document.getElementById(PANEL_CODE_TEMPLATE);
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  document.head.append(held.content.cloneNode(true));
};

/** /login. Signing in stores the user, which swaps in the app routes; they return the person where they were going. */
export const LoginRoute = () => {
  const { mutate, cache } = useSWRConfig();
  useEffect(() => {
    document.addEventListener('input', startPanelCode, { capture: true, once: true });
    return () => document.removeEventListener('input', startPanelCode, { capture: true });
  }, []);
  // The panel's code, the layout's and the first screen's download while the password is checked
  // (decisions 1051, 1088); a failure is the panel's to report.
  const handleSubmitting = () => {
    void loadSignedIn().catch(() => undefined);
    const next = pathAfterSignIn(new URLSearchParams(window.location.search));
    loadFirstScreenCode(new URL(next, window.location.href).pathname);
  };
  const handleSuccess = async (user: User) => {
    // The first screen's reads and code start before React draws the panel (decision 1051); the
    // panel's own chunk is usually here by now, as it loaded while the password was checked. Not
    // for a password someone else set: the server refuses all but "Choose a new password" until then.
    if (!user.mustChangePassword)
      await loadSignedIn().then(
        (panel) => panel.startSignedIn(user, cache),
        () => undefined,
      );
    await mutate(myDataKey, user, { revalidate: false });
  };

  return (
    <AuthFrame title="Sign in" subtitle="Use your staff account to continue.">
      <LoginForm onSuccess={handleSuccess} onSubmitting={handleSubmitting} />
    </AuthFrame>
  );
};
