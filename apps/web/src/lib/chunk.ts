import { CHUNK_LOAD_TIMEOUT_MS } from '@ginhawa/contract';

/** Raised when a screen's code cannot be fetched (offline, a new deploy removed the old file) or takes too long. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Loads a screen module, failing with a ChunkLoadError when it has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS (docs/product.md §9) or the import itself fails.
 */
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(
            `This screen did not load within ${Math.round(timeoutMs / 1000)} seconds. Check your connection and reload the page.`,
          ),
        ),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
        reject(
          new ChunkLoadError(`This screen could not be loaded${detail}. Check your connection and reload the page.`),
        );
      },
    );
  });

/** A chunk to draw from: `load()` fetches it (as `loadChunk`), `loaded()` gives it once it has arrived. */
export type Chunk<T> = { load: () => Promise<T>; loaded: () => T | undefined };

/**
 * A chunk loaded through `loadChunk` and remembered once it has arrived, so a screen drawing it
 * later has it in its first render (app/use-chunk.ts, decision 1088).
 */
export const rememberedChunk = <T>(importer: () => Promise<T>): Chunk<T> => {
  let module: T | undefined;
  return { load: () => loadChunk(importer).then((m) => (module = m)), loaded: () => module };
};
