import { useCallback, useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { StatusMessage } from '../../components/status-message';
import { ChunkLoadError } from '../../lib/chunk';

/**
 * A screen whose code could not be fetched (offline while opening it the first time): it says so and
 * fetches the code again by itself when the browser is back online (or on Try again), then shows the
 * screen, with no reload and nothing typed elsewhere lost (docs/decisions/0642). Once loaded, the
 * screen is kept, so the route shows it at once from then on.
 */
export const retryingScreen = (load: () => Promise<ComponentType>, firstError: ChunkLoadError): ComponentType => {
  let Loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const attempt = () =>
    (pending ??= load().then(
      (Component) => (Loaded = Component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  return function RetryingScreen() {
    const [, setLoadedNow] = useState(false);
    const [failure, setFailure] = useState(firstError.message);
    const [trying, setTrying] = useState(false);
    // A fetch that failed while the browser said it was online is kept failed by the browser until
    // the page reloads (Chromium keeps failed modules): then Reload is the way on.
    const [stuck, setStuck] = useState(false);
    const retry = useCallback(() => {
      if (!navigator.onLine) return Promise.resolve();
      setTrying(true);
      return attempt().then(
        () => setLoadedNow(true),
        (error: unknown) => {
          setTrying(false);
          setStuck(true);
          setFailure(error instanceof Error ? error.message : String(error));
        },
      );
    }, []);
    useEffect(() => {
      if (Loaded) return;
      const handleOnline = () => void retry();
      window.addEventListener('online', handleOnline);
      return () => window.removeEventListener('online', handleOnline);
    }, [retry]);

    if (Loaded) return <Loaded />;
    return (
      <StatusMessage
        tone="error"
        icon={<CloudOffOutlined />}
        title="This screen could not be loaded"
        description={
          <>
            {failure.replace(/ and reload the page\.$/, '.')}
            <br />
            It opens by itself when the connection is back; what you typed elsewhere stays.
          </>
        }
        action={
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void retry()} disabled={trying}>
              {trying ? 'Trying…' : 'Try again'}
            </Button>
            {stuck ? (
              <Button variant="text" onClick={() => window.location.reload()}>
                Reload the page
              </Button>
            ) : null}
          </Box>
        }
      />
    );
  };
};

/** What the stand-in says when the browser is offline: the code is not even asked for. */
export const OFFLINE_MESSAGE = 'You are offline, so this screen could not be fetched yet.';

/**
 * A route's `lazy` for a component: the component when its code arrives, else a screen that retries
 * (retryingScreen). While the browser says it is offline the code is not asked for at all: a module
 * whose fetch failed stays failed in the browser until a reload (Chromium keeps it, with the chunks
 * it imports), so the first fetch waits for the network. Other errors go to the error boundary.
 */
export const lazyRetrying = (load: () => Promise<ComponentType>) => async (): Promise<{ Component: ComponentType }> => {
  if (!navigator.onLine) return { Component: retryingScreen(load, new ChunkLoadError(OFFLINE_MESSAGE)) };
  try {
    return { Component: await load() };
  } catch (error) {
    if (!(error instanceof ChunkLoadError)) throw error;
    return { Component: retryingScreen(load, error) };
  }
};
