import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';

/** The fields the shell reads (SPEC.md §3, DESIGN.md §4); the rest arrive with issue 4. */
export type Notification = {
  id: number;
  title?: string | null;
  message?: string | null;
  link?: string | null;
  is_read: boolean;
  is_approved: boolean | null;
  requires_approval?: boolean;
  created_at?: string;
};

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsKey = `/notifications/?page=1&pageSize=${NOTIFICATIONS_PAGE_SIZE}`;

export const getNotifications = async (key: string): Promise<Page<Notification>> => (await apiClient.get<Page<Notification>>(key)).data;

export const useNotifications = () => useSWR<Page<Notification>, unknown>(notificationsKey, getNotifications);
