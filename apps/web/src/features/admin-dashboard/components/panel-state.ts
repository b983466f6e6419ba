import type { SWRResponse } from 'swr';

/**
 * An SWR answer as a Tile's state: the error only while there is nothing to show (a failed
 * revalidation keeps the last figures on screen), empty as the panel judges it.
 */
export const panelState = <T>(answer: SWRResponse<T, unknown>, isEmpty: (data: T) => boolean) => ({
  isLoading: answer.data === undefined && !answer.error,
  error: answer.data === undefined ? answer.error : undefined,
  empty: answer.data !== undefined && isEmpty(answer.data),
  retry: () => void answer.mutate(),
});
