import useSWR from 'swr';
import type { AdminUser, AnnouncementBody, GroupWithCount, Page, RecipientsCount } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, getPage, withQuery } from '../../../lib/list-query';

export type Audience = { users: number[]; groups: string[]; locations: number[] };

/** Comma-separated ids and names, as `GET /notifications/recipients-count/` reads them. */
export const recipientsCountKey = (a: Audience) =>
  withQuery('/notifications/recipients-count/', {
    users: a.users.join(','),
    groups: a.groups.join(','),
    locations: a.locations.join(','),
  });
/** How many people the audience reaches, re-asked as the audience changes (before anything is sent). */
export const useRecipientsCount = (audience: Audience, enabled: boolean) =>
  useSWR<RecipientsCount, unknown>(enabled ? recipientsCountKey(audience) : null, getOne, { keepPreviousData: true });

export const groupsKey = '/users/groups/';
export const useGroupOptions = (enabled: boolean) =>
  useSWR<GroupWithCount[], unknown>(enabled ? groupsKey : null, getOne);

export const PEOPLE_OPTIONS = 20;
export const peopleKey = (search: string) =>
  withQuery('/users/', { search, is_active: 'true', ordering: 'first_name', page: 1, pageSize: PEOPLE_OPTIONS });
export const usePeopleOptions = (search: string, enabled: boolean) =>
  useSWR<Page<AdminUser>, unknown>(enabled ? peopleKey(search) : null, getPage, { keepPreviousData: true });

export const sendAnnouncement = async (body: AnnouncementBody) =>
  (await apiClient.post<RecipientsCount>('/notifications/', body)).data;
