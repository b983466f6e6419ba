import useSWR from 'swr';
import { PRODUCT_NAME, type Settings } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { FLAGS, type FlagName, type Flags } from '../../../config/flags';
import defaultLogo from '../../../assets/logo.svg';

export const settingsKey = '/configurations/settings/';

export const getSettings = async (): Promise<Settings> => (await apiClient.get<Settings>(settingsKey)).data;

/** Company name and logo for the shell, with the built-in defaults while loading or when unset. */
export const useSettings = () => {
  const { data, isLoading } = useSWR<Settings, unknown>(settingsKey, getSettings);
  return {
    companyName: data?.company_name?.trim() || PRODUCT_NAME,
    logoUrl: data?.logoUrl || defaultLogo,
    isLoading,
  };
};

/** The web's flag names for the API's (`admin_dashboard` → `adminDashboard`). */
export const FLAG_OF_FEATURE = {
  banks: 'banks',
  admin_dashboard: 'adminDashboard',
  reports: 'reports',
  users: 'users',
} as const satisfies Record<keyof Settings['features'], FlagName>;

/** The flags in force: what an Admin stored, else the build-time default (docs/decisions/0610). */
export const flagsOf = (features: Settings['features'] | undefined, defaults: Flags = FLAGS): Flags => {
  const flags = { ...defaults };
  for (const [feature, flag] of Object.entries(FLAG_OF_FEATURE) as [keyof Settings['features'], FlagName][]) {
    const stored = features?.[feature];
    if (typeof stored === 'boolean') flags[flag] = stored;
  }
  return flags;
};

/**
 * The feature flags the screens read, from the settings call (one SWR key, revalidated when the
 * live channel says `settings_changed`); the build-time values while it loads or fails.
 */
export const useFeatureFlags = (): Flags => {
  const { data } = useSWR<Settings, unknown>(settingsKey, getSettings);
  return flagsOf(data?.features);
};
