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
    const retry = useCallback(() => {
      setTrying(true);
      return attempt().then(
        () => setLoadedNow(true),
        (error: unknown) => {
          setTrying(false);
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
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => void retry()} disabled={trying}>
              {trying ? 'Trying…' : 'Try again'}
            </Button>
          </Box>
        }
      />
    );
  };
};

/**
 * A route's `lazy` for a component: the component when its code arrives, else a screen that retries
 * (retryingScreen). Other errors go to the route's error boundary as before.
 */
export const lazyRetrying = (load: () => Promise<ComponentType>) => async (): Promise<{ Component: ComponentType }> => {
  try {
    return { Component: await load() };
  } catch (error) {
    if (!(error instanceof ChunkLoadError)) throw error;
    return { Component: retryingScreen(load, error) };
  }
};
