import useSWRInfinite from 'swr/infinite';
import type { ClientHistoryEntry, ClientHistoryQuery, Page } from '@ginhawa/contract';
import { getPage, withQuery } from '../../../lib/list-query';

export const HISTORY_PAGE_SIZE = 25;

/**
 * A client's audit history, newest first, one page at a time ("Load more" asks for the next).
 * Pages are keyed by number, not by the server's `next` link, so a refetch after a change
 * rereads the same windows.
 */
export const useClientHistory = (clientId: number) => {
  const swr = useSWRInfinite<Page<ClientHistoryEntry>, unknown>(
    (index, previous: Page<ClientHistoryEntry> | null) =>
      previous && !previous.next
        ? null
        : withQuery(`/clients/${clientId}/history/`, {
            page: index + 1,
            pageSize: HISTORY_PAGE_SIZE,
          } satisfies ClientHistoryQuery),
    getPage<ClientHistoryEntry>,
  );
  const pages = swr.data ?? [];
  const last = pages[pages.length - 1];
  return {
    entries: pages.flatMap((p) => p.results),
    count: last?.count ?? 0,
    hasMore: Boolean(last?.next),
    /** True while the page "Load more" asked for is on its way. */
    loadingMore: swr.size > 0 && pages.length < swr.size && !swr.error,
    isLoading: swr.isLoading,
    error: swr.error,
    loadMore: () => void swr.setSize(swr.size + 1),
    retry: () => void swr.mutate(),
  };
};
