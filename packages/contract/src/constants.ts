/** Business constants shared by server and web (docs/product.md §9). */
export const PRODUCT_NAME = 'Ginhawa';

export const GROUPS = ['Admin', 'Manager', 'Salesperson', 'Therapist', 'Receptionist'] as const;
export type GroupName = (typeof GROUPS)[number];
export const ADMIN_GROUP: GroupName = 'Admin';
export const MANAGER_GROUP: GroupName = 'Manager';

export const CLIENTS_DEFAULT_PAGE = 1;
export const CLIENTS_DEFAULT_PAGE_SIZE = 100;

export const NOTIFICATIONS_OLDER_BATCH = 20;
export const WS_PING_INTERVAL_MS = 30_000;
export const WS_RECONNECT_DELAY_MS = 5_000;

export const FETCH_DEDUPE_MS = 5_000;
export const FETCH_RETRY_COUNT = 5;
export const FETCH_RETRY_INTERVAL_MS = 5_000;
export const LEADERBOARD_DEFAULT_CUTOFF = 1;

export const SNACKBAR_AUTO_HIDE_MS = 4_000;
export const BOTTOM_NAV_HEIGHT = 56;
export const DRAWER_WIDTH = 220;
export const DRAWER_WIDTH_COLLAPSED = 72;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_BACKGROUND = '#f7f7f7';

export const BUSINESS_TIME_ZONE = 'Asia/Manila';

/**
 * The API path segment of each employee kind. Here, not in admin.ts beside the kinds' schemas: the
 * web's sign-in chunk reads it (its first reads, docs/decisions/1051), and a module's constant
 * brings the module's zod schemas with it.
 */
export const EMPLOYEE_KIND_PATH = {
  salesperson: 'salespersons',
  therapist: 'therapists',
  receptionist: 'receptionists',
} as const;
