/// <reference types="vite/client" />

// Declaration merging with vite/client needs `interface` here.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_FEATURE_BANKS?: string;
  readonly VITE_FEATURE_ADMIN_DASHBOARD?: string;
  readonly VITE_FEATURE_REPORTS?: string;
  readonly VITE_FEATURE_USERS?: string;
  readonly VITE_FEATURE_PAYROLL?: string;
}
