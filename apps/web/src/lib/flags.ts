import type { Settings } from '@ginhawa/contract';
import { FLAGS, type FlagName, type Flags } from '../config/flags';
import { useSettingsData } from './settings';

/** The web's flag names for the API's (`admin_dashboard` → `adminDashboard`). */
export const FLAG_OF_FEATURE = {
  banks: 'banks',
  admin_dashboard: 'adminDashboard',
  reports: 'reports',
  users: 'users',
  payroll: 'payroll',
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
 * The feature flags as they stand now: the one way screens, routes and navigation read them
 * (app/screens.ts). The flags an Admin switched in Settings, from the settings call (revalidated
 * when the live channel says `settings_changed`), over the build-time values (config/flags.ts),
 * which also hold while the settings load or fail.
 */
export const useFlags = (): Flags => flagsOf(useSettingsData().data?.features);
