import useSWR from 'swr';
import type { Notification, Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsKey = `/notifications/?page=1&pageSize=${NOTIFICATIONS_PAGE_SIZE}`;

export const getNotifications = async (key: string): Promise<Page<Notification>> => (await apiClient.get<Page<Notification>>(key)).data;

/** The newest page of my notifications, newest first. */
export const useNotifications = () => useSWR<Page<Notification>, unknown>(notificationsKey, getNotifications);
