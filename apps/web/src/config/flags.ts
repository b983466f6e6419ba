/** Build-time feature flags (docs/product.md §12): only the exact value 'true' turns one on. */
export type FlagName = 'banks' | 'adminDashboard' | 'reports' | 'users' | 'payroll';
export type Flags = Record<FlagName, boolean>;

const on = (value: string | undefined) => value === 'true';

export const FLAGS: Flags = {
  banks: on(import.meta.env.VITE_FEATURE_BANKS),
  adminDashboard: on(import.meta.env.VITE_FEATURE_ADMIN_DASHBOARD),
  reports: on(import.meta.env.VITE_FEATURE_REPORTS),
  users: on(import.meta.env.VITE_FEATURE_USERS),
  payroll: on(import.meta.env.VITE_FEATURE_PAYROLL),
};
