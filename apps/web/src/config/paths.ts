/** Every route the panel knows, in one place (docs/product.md §2). */
export const paths = {
  login: '/login',
  dashboard: '/dashboard',
  notifications: '/notifications',
  profile: '/profile',
  /** Finding a client (search), reachable from the bottom bar on a phone. */
  clients: '/clients',
  client: (clientId: string | number) => `/clients/${clientId}`,
  /** A location's daily report of a date: counted and submitted by its Managers, decided by Admins (decision 0611). */
  dailyReport: (location: string | number, date: string) => `/reports/daily/${location}/${date}`,
  /** Sale lines, daily reports, location sales and the leaderboard of a Manager's branches, outside /admin (decision 0504). */
  reports: '/reports',
  /** The floor board with the desk's booking dialog open for a client (the client page's "New reservation"). */
  floorReserve: (clientId: string | number) => `/floor?reserve=${clientId}`,
  /** Days and hours per person per cutoff, from the floor board's shifts (Managers and Admins; decision 0903). */
  floorAttendance: '/floor/attendance',
  /** The documents the branch's terminals issued: read, void, credit memo (issue 33; decision 1015). */
  documents: '/documents',
  /** X and Z readings of the branch's terminals, printable (issue 33; decision 1020). */
  readings: '/readings',
  /** The BIR sales summary and senior citizen and PWD books (Managers of the branch, Admins; decision 1035). */
  books: '/books',
  /** Pay runs of a Manager's branches, outside /admin (decision 0630); Admins use admin.payroll, the same screen. */
  payroll: '/payroll',
  /** An employee's printable statement of a pay run (Managers and Admins). */
  payStatement: (run: string | number, employee: string | number) => `/payroll/runs/${run}/statement/${employee}`,
  admin: {
    root: '/admin',
    menu: '/admin/menu',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    employees: '/admin/employees',
    clients: '/admin/clients',
    client: (clientId: string | number) => `/admin/clients/${clientId}`,
    locations: '/admin/locations',
    services: '/admin/services',
    membership: (membershipId: string | number) => `/admin/services/memberships/${membershipId}`,
    banks: '/admin/banks',
    reports: '/admin/reports',
    payroll: '/admin/payroll',
    settings: '/admin/settings',
  },
} as const;

/** Query parameter carrying the page a signed-out person was going to. */
export const NEXT_PARAM = 'next';

/** A same-site path to return to after sign-in; anything else (other hosts, /login itself) is dropped. */
export const safeNextPath = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.login || value.startsWith(`${paths.login}?`) || value.startsWith(`${paths.login}/`)) return null;
  return value;
};

/** Where signing in leads from an address whose query is `params`: its safe `?next=`, else the dashboard. */
export const pathAfterSignIn = (params: URLSearchParams): string =>
  safeNextPath(params.get(NEXT_PARAM)) ?? paths.dashboard;

export const loginPathFor = (next: string | null): string => {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `${paths.login}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : paths.login;
};
