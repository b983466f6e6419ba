import type { SWRConfiguration } from 'swr';
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
