import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { myDataKey } from './get-my-data';

/**
 * HTTP 401 from any call clears the signed-in user, which swaps in the sign-in screen (→ /login).
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
