import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import type { Prefetch } from '../../../lib/swr';
import type { Notification, Page } from '@ginhawa/contract';

/** One row is enough: the badge only needs `count`. */
export const unreadCountKey = '/notifications/?is_read=false&pageSize=1';

export const getUnreadCount = async (): Promise<number> =>
  (await apiClient.get<Page<Notification>>(unreadCountKey)).data.count;

/** The badge's count, started with the signed-in layout's code (decision 1050). */
export const prefetchUnreadCount = (prefetch: Prefetch) => prefetch(unreadCountKey, getUnreadCount);

export const useUnreadCount = () => {
  const { data, error, isLoading } = useSWR<number, unknown>(unreadCountKey, getUnreadCount);
  return { count: data ?? 0, error, isLoading };
};
