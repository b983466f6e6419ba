import { preload, type Cache, type SWRConfiguration } from 'swr';
import { SWRGlobalState, cache as defaultCache } from 'swr/_internal';
import { FETCH_DEDUPE_MS, FETCH_RETRY_COUNT, FETCH_RETRY_INTERVAL_MS } from '@ginhawa/contract';
import { ApiError } from './api-client';

/** Statuses a retry cannot change: 404 (docs/product.md §7) and the two "who are you" answers. */
const NO_RETRY_STATUSES = new Set([401, 403, 404]);

/** docs/product.md §7: up to 5 retries, 5 s apart, never on a 404. `retryCount` counts from 1. */
export const shouldRetry = (error: unknown, retryCount: number): boolean => {
  if (retryCount > FETCH_RETRY_COUNT) return false;
  if (error instanceof ApiError && error.status !== undefined && NO_RETRY_STATUSES.has(error.status)) return false;
  return true;
};

export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: true,
  dedupingInterval: FETCH_DEDUPE_MS,
  errorRetryCount: FETCH_RETRY_COUNT,
  errorRetryInterval: FETCH_RETRY_INTERVAL_MS,
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (!shouldRetry(error, retryCount)) return;
    setTimeout(() => void revalidate({ retryCount }), FETCH_RETRY_INTERVAL_MS);
  },
};

/** Starts one read a screen is about to make; see `prefetcher`. */
export type Prefetch = (key: string, fetcher: (key: string) => Promise<unknown>) => void;

/** How long a prefetched answer waits for its screen's hook after it arrived. */
export const PREFETCH_KEEP_MS = 10_000;

/** SWR's preloads not yet taken by a hook (its global state for the default cache, slot 3). */
const preloads = () => SWRGlobalState.get(defaultCache)?.[3];

/**
 * Reads that a screen will make, started before its code has arrived (a route's loader:
 * docs/decisions/1050). SWR's own `preload` holds the request until the screen's `useSWR` of the
 * same key takes it, so SWR stays the only cache. A key this cache already holds is left alone:
 * its hook reads it itself. A preload no hook has taken PREFETCH_KEEP_MS after it settled (the
 * person went elsewhere) is dropped, so it is never served later as a stale answer.
 */
export const prefetcher =
  (cache: Cache): Prefetch =>
  (key, fetcher) => {
    if (cache.get(key) !== undefined || preloads()?.[key] !== undefined) return;
    const request = Promise.resolve(preload(key, fetcher));
    const drop = () => {
      setTimeout(() => {
        const pending = preloads();
        if (pending?.[key] === request) Reflect.deleteProperty(pending, key);
      }, PREFETCH_KEEP_MS);
    };
    // The screen's hook reports a failure; the preload's own copy is not an unhandled rejection.
    request.then(drop, drop);
  };

/** Drops every preload no hook has taken (tests: one test's reads are not the next one's). */
export const forgetPrefetches = () => {
  const pending = preloads();
  if (pending) for (const key of Object.keys(pending)) Reflect.deleteProperty(pending, key);
};
