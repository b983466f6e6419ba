import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk';

describe('screen chunk loading', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk(async () => ({ Screen: 'ok' }))).resolves.toEqual({ Screen: 'ok' });
  });

  it('raises a ChunkLoadError when the chunk has not loaded within 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect((error as Error).message).toMatch(/did not load within 120 seconds/);
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toMatch(/could not be loaded \(Failed to fetch dynamically imported module\)/);
  });
});
