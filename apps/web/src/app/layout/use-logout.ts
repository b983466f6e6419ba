import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useSnackbar } from '../../components/snackbar-provider';
import { logout } from '../../features/auth/api/logout';
import { myDataKey } from '../../features/auth/api/get-my-data';
import { getErrorMessage } from '../../lib/api-client';
import { paths } from '../../config/paths';

/**
 * Logout (docs/product.md §4): the logout call, then every cached read is dropped and the user cleared,
 * which switches to the sign-in routes at /login. (Issue 4 adds closing the live channel here.)
 */
export const useLogout = () => {
  const { mutate } = useSWRConfig();
  const { showSnackbar } = useSnackbar();
  const [pending, setPending] = useState(false);

  const handleLogout = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      // Still signed in on the server: say so rather than pretend.
      setPending(false);
      showSnackbar(getErrorMessage(error), 'error');
      return;
    }
    // The sign-in routes start from the browser's address: make it /login, not "come back here".
    window.history.replaceState(null, '', paths.login);
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(myDataKey, null, { revalidate: false });
    showSnackbar('You have signed out.', 'info');
  }, [mutate, showSnackbar]);

  return { logout: handleLogout, pending };
};
