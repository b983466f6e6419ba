import useSWR from 'swr';
import { PRODUCT_NAME, type Settings } from '@ginhawa/contract';
import { apiClient } from './api-client';
import type { Prefetch } from './swr';

/**
 * The public settings call (`GET /configurations/settings/`): company name, logo and the stored
 * feature flags. One SWR key read by the shell's brand and by every flag reader; the live channel's
 * `settings_changed` frame revalidates it (docs/decisions/0610).
 */
export const settingsKey = '/configurations/settings/';

export const getSettings = async (): Promise<Settings> => (await apiClient.get<Settings>(settingsKey)).data;

/** Started with the signed-in layout's code: its brand reads it (docs/decisions/1050). */
export const prefetchSettings = (prefetch: Prefetch) => prefetch(settingsKey, getSettings);

export const useSettingsData = () => useSWR<Settings, unknown>(settingsKey, getSettings);

/** The business's name as Settings holds it, else the product's (while loading, or when unset). */
export const useCompanyName = (): string => useSettingsData().data?.company_name?.trim() || PRODUCT_NAME;
