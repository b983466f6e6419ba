import type { ReactNode } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import useSWR, { SWRConfig, type Cache } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { PREFETCH_KEEP_MS, prefetcher, shouldRetry, swrConfig } from './swr';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>
);

describe('SWR settings (docs/product.md §7)', () => {
  it('refetches on focus and dedupes within 5 s', () => {
    expect(swrConfig.revalidateOnFocus).toBe(true);
    expect(swrConfig.dedupingInterval).toBe(5000);
  });

  it('retries up to 5 times, never on a 404', () => {
    const serverError = new ApiError('An unexpected error occurred', { status: 500 });
    expect([1, 2, 3, 4, 5].map((n) => shouldRetry(serverError, n))).toEqual([true, true, true, true, true]);
    expect(shouldRetry(serverError, 6)).toBe(false);
    expect(shouldRetry(new ApiError('Network error or request was cancelled'), 1)).toBe(true);
    expect(shouldRetry(new ApiError('Not found.', { status: 404 }), 1)).toBe(false);
  });

  it('fetches a failing key 1 + 5 times, 5 seconds apart', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => {
      throw new ApiError('An unexpected error occurred', { status: 500 });
    });
    renderHook(() => useSWR('/reports/', fetcher), { wrapper });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    for (let retry = 1; retry <= 5; retry += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(fetcher).toHaveBeenCalledTimes(1 + retry);
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetcher).toHaveBeenCalledTimes(6);
  });

  it('does not retry a 404', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => {
      throw new ApiError('Not found.', { status: 404 });
    });
    renderHook(() => useSWR('/clients/99/', fetcher), { wrapper });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

/** A fetcher that counts its calls and answers `<key>#<n>` for the n-th. */
const counting = () => {
  let calls = 0;
  const fetcher = vi.fn(async (key: string) => `${key}#${++calls}`);
  return fetcher;
};

const Reader = ({ id, fetcher }: { id: string; fetcher: (key: string) => Promise<string> }) => {
  const { data } = useSWR(id, fetcher);
  return <p>{data ?? 'loading'}</p>;
};

const renderReader = (cache: Cache, id: string, fetcher: (key: string) => Promise<string>) =>
  render(
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <Reader id={id} fetcher={fetcher} />
    </SWRConfig>,
  );

describe('prefetcher: a screen’s reads started before its code (decision 1050)', () => {
  it('hands the screen’s hook the answer already asked for: one request, not two', async () => {
    const cache: Cache = new Map();
    const fetcher = counting();
    prefetcher(cache)('/prefetch-test/a/', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    renderReader(cache, '/prefetch-test/a/', fetcher);
    expect(await screen.findByText('/prefetch-test/a/#1')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a key the cache holds: its hook reads it again itself', () => {
    const cache: Cache = new Map();
    cache.set('/prefetch-test/b/', { data: 'kept' });
    const fetcher = counting();
    prefetcher(cache)('/prefetch-test/b/', fetcher);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('drops an answer no hook took, so a later screen reads afresh instead of a stale answer', async () => {
    vi.useFakeTimers();
    const cache: Cache = new Map();
    const fetcher = counting();
    prefetcher(cache)('/prefetch-test/c/', fetcher);
    await vi.advanceTimersByTimeAsync(PREFETCH_KEEP_MS + 1);
    vi.useRealTimers();
    renderReader(cache, '/prefetch-test/c/', fetcher);
    expect(await screen.findByText('/prefetch-test/c/#2')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
