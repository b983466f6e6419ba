import { useEffect, useState } from 'react';
import type { Chunk } from '../lib/chunk';

/**
 * A chunk's module for drawing: at once when its code is already here, else undefined until it has
 * loaded. In state rather than through React.lazy and Suspense, because React holds
 * a Suspense boundary's reveal back until 300 ms after its fallback was shown, even when the code
 * arrives sooner; that wait was most of the time from "Sign in" to the dashboard (decision 1088).
 * A failed load is thrown while rendering, so the nearest error boundary reports it.
 */
export const useChunk = <T>(chunk: Chunk<T>): T | undefined => {
  const [module, setModule] = useState<T | undefined>(chunk.loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (module !== undefined) return;
    let live = true;
    chunk.load().then(
      (m) => {
        if (live) setModule(() => m);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [module, chunk]);
  if (failure) throw failure.error;
  return module;
};
