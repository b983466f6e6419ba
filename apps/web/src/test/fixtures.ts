import type {
  DailySalesReport,
  Leaderboard,
  Location,
  MyData,
  Notification,
  Page,
  SaleLineRead,
  Treatment,
} from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';

/** One page holding every row, as a list endpoint sends it. */
export const pageOf = <T>(results: T[]): Page<T> => ({ count: results.length, next: null, previous: null, results });

export const therapistData: MyData = {
  id: 4,
  username: 'therapist',
  first_name: 'maria',
  last_name: 'santos',
  email: 'maria@example.ph',
  avatar: null,
  groups: ['Therapist'],
  locations: [{ id: 2, name: 'Ginhawa Makati' }],
  must_change_password: false,
};

export const adminData: MyData = {
  id: 1,
  username: 'admin',
  first_name: 'Ana',
  last_name: 'Reyes',
  email: 'admin@example.ph',
  avatar: null,
  groups: ['Admin', 'Manager'],
  locations: [],
  must_change_password: false,
};

/** A Manager of one branch (Makati), as `users/my_data/` answers. */
export const managerData: MyData = {
  ...therapistData,
  id: 3,
  username: 'manager',
  groups: ['Manager'],
  locations: [{ id: 1, name: 'Makati' }],
};

/** Lea Cruz (id 20) of Makati, signed in with these groups, as the app holds who is signed in. */
export const leaCruz = (groups: string[]): User => ({
  id: 20,
  username: 'lea',
  firstName: 'lea',
  lastName: 'cruz',
  email: '',
  avatar: null,
  groups,
  locations: [{ id: 1, name: 'Makati' }],
  mustChangePassword: false,
});

/**
 * The reads of the signed-in shell for `mockApi` (settings with these stored feature switches, who
 * is signed in, no notifications), with the CSRF cookie a write sends: a screen rendered whole.
 */
export const signedInShell = (me: MyData, features: Record<string, boolean>) => {
  document.cookie = 'csrftoken=test-csrf-token; path=/';
  return {
    'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: null, features } },
    'GET /users/my_data/': { status: 200, data: me },
    'GET /notifications/': { status: 200, data: pageOf([]) },
  };
};

/** A notification as the server sends it: an unread announcement unless overridden. */
export const aNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  type: 'announcement',
  title: 'Staff meeting',
  message: 'Friday 9:00 at Makati.',
  link: null,
  data: {},
  is_read: false,
  requires_approval: false,
  is_approved: null,
  can_decide: false,
  actor: 1,
  actor_name: 'Ana Reyes',
  created_at: '2026-11-20T01:00:00Z',
  ...overrides,
});

/** A cash walk-in sale line of ₱1,500.00 at Makati on 2026-11-20. */
export const saleLine = (id: number, extra: Partial<SaleLineRead> = {}): SaleLineRead => ({
  id,
  date: '2026-11-20',
  location: 1,
  location_name: 'Makati',
  salesperson: 11,
  salesperson_name: 'Ana Reyes',
  client: null,
  kind: 'walk_in',
  reference: '',
  amount: '1500.00',
  discount: '0.00',
  net_amount: '1500.00',
  service_charge: '0.00',
  payment_method: 'cash',
  bank: null,
  bank_name: null,
  reference_no: '',
  invoice: null,
  external_document_no: '',
  report: 7,
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

/** An active location open 10:00 to 22:00. */
export const aLocation = (id: number, name: string, extra: Partial<Location> = {}): Location => ({
  id,
  name,
  address: '',
  phone: null,
  branch_code: '',
  registered_address: '',
  opening_time: '10:00',
  closing_time: '22:00',
  is_active: true,
  employees_count: 0,
  created_at: '',
  updated_at: '',
  ...extra,
});

/** Hilot, an active 90-minute massage at ₱1,300 that takes any room unless `extra` names room kinds. */
export const aTreatment = (extra: Partial<Treatment> = {}): Treatment => ({
  id: 12,
  name: 'Hilot',
  category: 1,
  category_name: 'Massages',
  duration_minutes: 90,
  price: '1300.00',
  description: '',
  is_active: true,
  room_kinds: [],
  tax_class: 'vatable',
  senior_pwd_eligible: true,
  created_at: '2025-11-01T02:00:00.000Z',
  updated_at: '2025-11-01T02:00:00.000Z',
  ...extra,
});

/** A request waiting on the signed-in person's decision (overrides name its kind, title and link). */
export const anApprovalRequest = (overrides: Partial<Notification> = {}): Notification =>
  aNotification({ requires_approval: true, can_decide: true, ...overrides });

/** A leaderboard row at Makati: one sale, no target unless `extra` gives one. */
export const aLeaderboardEntry = (
  rank: number,
  salesperson: number,
  name: string,
  total: string,
  extra: Partial<Leaderboard['results'][number]> = {},
): Leaderboard['results'][number] => ({
  rank,
  salesperson,
  salesperson_name: name,
  location: 1,
  location_name: 'Makati',
  total,
  count: 1,
  target: '0.00',
  share_of_target: null,
  ...extra,
});

/** A day with no deposits taken or applied (decision 0520). */
export const noDeposits = (): DailySalesReport['locations'][number]['deposits'] => ({
  received_total: '0.00',
  applied_total: '0.00',
  received_by_payment_method: [],
  received_by_bank: [],
  received: [],
  applied: [],
});

/** One location's day in the daily sales report, with no report filed and no breakdown: a quiet day unless `extra` says more. */
export const aLocationDay = (
  location: number,
  location_name: string,
  extra: Partial<DailySalesReport['locations'][number]> = {},
): DailySalesReport['locations'][number] => ({
  location,
  location_name,
  report: null,
  status: null,
  count: 0,
  gross_total: '0.00',
  discount_total: '0.00',
  net_total: '0.00',
  service_charge_total: '0.00',
  cash_expected: '0.00',
  deposits: noDeposits(),
  cash_on_hand: null,
  variance: null,
  by_payment_method: [],
  by_bank: [],
  by_salesperson: [],
  ...extra,
});
