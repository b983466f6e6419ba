import { useEffect, useRef, useState } from 'react';
import { onReachability } from './api-client';

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * Whether the panel can reach its server now (docs/decisions/0620): false while the browser says it
 * is offline, after a call that nothing answered, or after the live channel dropped (once it had
 * connected: not while it is first opening). The next answered call or live reconnect says true again.
 */
export const useServerReachable = (liveConnected: boolean): boolean => {
  const [online, setOnline] = useState(browserOnline);
  const [serverDown, setServerDown] = useState(false);
  const liveSeen = useRef(false);

  useEffect(() => {
    const update = () => setOnline(browserOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const off = onReachability((answered) => setServerDown(!answered));
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      off();
    };
  }, []);

  useEffect(() => {
    if (liveConnected) {
      liveSeen.current = true;
      setServerDown(false);
    } else if (liveSeen.current) setServerDown(true);
  }, [liveConnected]);

  return online && !serverDown;
};
