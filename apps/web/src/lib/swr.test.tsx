import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry, swrConfig } from './swr';

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
