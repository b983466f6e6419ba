import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  buildTestApp,
  login,
  multipartFile,
  tinyPng,
  type Agent,
  type TestContext,
} from './build';
import { ROLES, everyone, signedIn, managers, adminOnly, type Role, type Expect } from './role-matrix';

/**
 * Administration endpoints × roles (issue 5): every route gives each caller exactly this status.
 * Writes use valid bodies, so a 2xx proves the route really ran for the roles that may call it,
 * and a 403 for the others proves the refusal came before any change.
 */

type Targets = {
  userId: number;
  doomedUserId: number;
  locationId: number;
  doomedLocationId: number;
  bankId: number;
  doomedBankId: number;
  employees: Record<
    'salespersons' | 'therapists' | 'receptionists',
    { id: number; userId: number; code: string; doomedId: number }
  >;
};

type Row = { name: string; request: (role: Role, t: Targets) => InjectOptions; expect: Expect; forbidden?: string };

let seq = 0;
const unique = (prefix: string) => `${prefix}${(seq += 1)}`;

const EMPLOYEE_PATHS = ['salespersons', 'therapists', 'receptionists'] as const;

const ROWS: Row[] = [
  // users
  { name: 'GET /users/', request: () => ({ method: 'GET', url: '/api/users/' }), expect: managers(200) },
  {
    name: 'POST /users/',
    request: (role) => ({
      method: 'POST',
      url: '/api/users/',
      payload: { username: unique(`matrix.${role.toLowerCase()}.`), password: 'matrix pass phrase' },
    }),
    expect: adminOnly(201),
  },
  { name: 'GET /users/groups/', request: () => ({ method: 'GET', url: '/api/users/groups/' }), expect: managers(200) },
  {
    name: 'GET /users/{id}/',
    request: (_r, t) => ({ method: 'GET', url: `/api/users/${t.userId}/` }),
    expect: managers(200),
  },
  {
    name: 'PUT /users/{id}/',
    request: (_r, t) => ({
      method: 'PUT',
      url: `/api/users/${t.userId}/`,
      payload: { username: 'matrix.target', first_name: 'Replaced', groups: [], locations: [] },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /users/{id}/',
    request: (_r, t) => ({ method: 'PATCH', url: `/api/users/${t.userId}/`, payload: { first_name: 'Changed' } }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /users/{id}/',
    request: (_r, t) => ({ method: 'DELETE', url: `/api/users/${t.doomedUserId}/` }),
    expect: adminOnly(200),
  },
  {
    name: "POST /users/{id}/update_password/ (someone else's)",
    request: (_r, t) => ({
      method: 'POST',
      url: `/api/users/${t.userId}/update_password/`,
      payload: { new_password: 'another matrix phrase' },
    }),
    expect: adminOnly(200),
    forbidden: 'You may only change your own password.',
  },
  {
    name: "POST /users/{id}/update_avatar/ (someone else's)",
    request: (_r, t) => ({ method: 'POST', url: `/api/users/${t.userId}/update_avatar/`, ...multipartFile(tinyPng()) }),
    expect: adminOnly(200),
    forbidden: 'You may only change your own picture.',
  },
  // locations
  { name: 'GET /locations/', request: () => ({ method: 'GET', url: '/api/locations/' }), expect: signedIn(200) },
  {
    name: 'POST /locations/',
    request: () => ({
      method: 'POST',
      url: '/api/locations/',
      payload: { name: unique('Matrix Branch '), opening_time: '10:00', closing_time: '20:00' },
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /locations/{id}/',
    request: (_r, t) => ({ method: 'GET', url: `/api/locations/${t.locationId}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PUT /locations/{id}/',
    request: (_r, t) => ({
      method: 'PUT',
      url: `/api/locations/${t.locationId}/`,
      payload: { name: 'Matrix Home', address: 'Ayala, Makati', opening_time: '09:00', closing_time: '21:00' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /locations/{id}/',
    request: (_r, t) => ({
      method: 'PATCH',
      url: `/api/locations/${t.locationId}/`,
      payload: { address: 'EDSA, Mandaluyong' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /locations/{id}/',
    request: (_r, t) => ({ method: 'DELETE', url: `/api/locations/${t.doomedLocationId}/` }),
    expect: adminOnly(200),
  },
  // banks
  { name: 'GET /banks/', request: () => ({ method: 'GET', url: '/api/banks/' }), expect: signedIn(200) },
  {
    name: 'POST /banks/',
    request: () => ({
      method: 'POST',
      url: '/api/banks/',
      payload: { name: unique('Matrix Bank '), account_name: 'Ginhawa', account_number: '12345678' },
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /banks/{id}/',
    request: (_r, t) => ({ method: 'GET', url: `/api/banks/${t.bankId}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PUT /banks/{id}/',
    request: (_r, t) => ({
      method: 'PUT',
      url: `/api/banks/${t.bankId}/`,
      payload: { name: 'Matrix Bank', account_name: 'Ginhawa Replaced', account_number: '99990000' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /banks/{id}/',
    request: (_r, t) => ({
      method: 'PATCH',
      url: `/api/banks/${t.bankId}/`,
      payload: { account_name: 'Ginhawa Wellness' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /banks/{id}/',
    request: (_r, t) => ({ method: 'DELETE', url: `/api/banks/${t.doomedBankId}/` }),
    expect: adminOnly(200),
  },
  // salespersons, therapists, receptionists
  ...EMPLOYEE_PATHS.flatMap((path): Row[] => [
    { name: `GET /${path}/`, request: () => ({ method: 'GET', url: `/api/${path}/` }), expect: signedIn(200) },
    {
      name: `POST /${path}/`,
      request: (_r, t) => ({
        method: 'POST',
        url: `/api/${path}/`,
        payload: { first_name: 'Matrix', last_name: unique('Hire'), location: t.locationId, hire_date: '2025-01-06' },
      }),
      expect: adminOnly(201),
    },
    {
      name: `GET /${path}/{id}/`,
      request: (_r, t) => ({ method: 'GET', url: `/api/${path}/${t.employees[path].id}/` }),
      expect: signedIn(200),
    },
    {
      name: `GET /${path}/by-user/{user_id}/`,
      request: (_r, t) => ({ method: 'GET', url: `/api/${path}/by-user/${t.employees[path].userId}/` }),
      expect: signedIn(200),
    },
    {
      name: `PUT /${path}/{id}/`,
      request: (_r, t) => ({
        method: 'PUT',
        url: `/api/${path}/${t.employees[path].id}/`,
        payload: {
          first_name: 'Matrix',
          last_name: 'Replaced',
          employee_code: t.employees[path].code,
          location: t.locationId,
          hire_date: '2024-06-03',
        },
      }),
      expect: adminOnly(200),
    },
    {
      name: `PATCH /${path}/{id}/`,
      request: (_r, t) => ({
        method: 'PATCH',
        url: `/api/${path}/${t.employees[path].id}/`,
        payload: { last_name: 'Renamed' },
      }),
      expect: adminOnly(200),
    },
    {
      name: `DELETE /${path}/{id}/`,
      request: (_r, t) => ({ method: 'DELETE', url: `/api/${path}/${t.employees[path].doomedId}/` }),
      expect: adminOnly(200),
    },
  ]),
  // configuration
  {
    name: 'GET /configurations/settings/',
    request: () => ({ method: 'GET', url: '/api/configurations/settings/' }),
    expect: everyone(200),
  },
  {
    name: 'GET /configurations/',
    request: () => ({ method: 'GET', url: '/api/configurations/' }),
    expect: managers(200),
  },
  {
    name: 'PUT /configurations/',
    request: () => ({ method: 'PUT', url: '/api/configurations/', payload: { company_name: 'Ginhawa Matrix' } }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /configurations/',
    request: () => ({ method: 'PATCH', url: '/api/configurations/', payload: { features: { banks: true } } }),
    expect: adminOnly(200),
  },
  {
    name: 'POST /configurations/update-logo/',
    request: () => ({ method: 'POST', url: '/api/configurations/update-logo/', ...multipartFile(tinyPng()) }),
    expect: adminOnly(200),
  },
];

let ctx: TestContext;
let targets: Targets;
const agents = new Map<Role, Agent>();

beforeAll(async () => {
  ctx = await buildTestApp();
  const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  agents.set('Admin', admin);
  for (const [role, username] of [
    ['Manager', 'manager'],
    ['Salesperson', 'salesperson'],
    ['Therapist', 'therapist'],
    ['Receptionist', 'receptionist'],
  ] as const) {
    agents.set(role, await login(ctx.app, username, DEMO_PASSWORD));
  }
  const make = async (method: 'POST', url: string, payload: object) => {
    const res = await admin.request({ method, url, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; user: number; employee_code: string };
  };
  const location = await make('POST', '/api/locations/', {
    name: 'Matrix Home',
    opening_time: '09:00',
    closing_time: '21:00',
  });
  const employees = {} as Targets['employees'];
  for (const path of EMPLOYEE_PATHS) {
    const kept = await make('POST', `/api/${path}/`, {
      first_name: 'Matrix',
      last_name: path,
      location: location.id,
      hire_date: '2024-06-03',
      account: { username: `matrix.${path}`, password: 'matrix pass phrase' },
    });
    const doomed = await make('POST', `/api/${path}/`, {
      first_name: 'Doomed',
      last_name: path,
      location: location.id,
      hire_date: '2024-06-03',
    });
    employees[path] = { id: kept.id, userId: kept.user, code: kept.employee_code, doomedId: doomed.id };
  }
  targets = {
    userId: (await make('POST', '/api/users/', { username: 'matrix.target', password: 'matrix pass phrase' })).id,
    doomedUserId: (await make('POST', '/api/users/', { username: 'matrix.doomed', password: 'matrix pass phrase' })).id,
    locationId: location.id,
    doomedLocationId: (
      await make('POST', '/api/locations/', { name: 'Matrix Doomed', opening_time: '09:00', closing_time: '21:00' })
    ).id,
    bankId: (
      await make('POST', '/api/banks/', { name: 'Matrix Bank', account_name: 'Ginhawa', account_number: '99990000' })
    ).id,
    doomedBankId: (
      await make('POST', '/api/banks/', {
        name: 'Matrix Doomed Bank',
        account_name: 'Ginhawa',
        account_number: '99991111',
      })
    ).id,
    employees,
  };
});
afterAll(async () => {
  await ctx?.close();
});

const send = (role: Role, options: InjectOptions) => {
  const agent = agents.get(role);
  return agent ? agent.request(options) : ctx.app.inject(options);
};

describe.each(ROWS)('$name', (row) => {
  // Admin last, so a delete it performs does not change what the others see.
  it.each(ROLES)('%s', async (role) => {
    const res = await send(role, row.request(role, targets));
    expect(res.statusCode, res.body).toBe(row.expect[role]);
    if (res.statusCode >= 400) {
      const body = res.json();
      expect(body.message).toBe(
        res.statusCode === 401
          ? 'Please sign in to continue.'
          : (row.forbidden ?? 'You do not have permission to do this.'),
      );
    }
  });
});

/**
 * What each caller reads (issue 14, docs/decisions/0011): not only the status but the fields.
 * Admins get whole records; everyone else the directory view; a person their own record in full.
 */
describe('directory view', () => {
  const BANK_FULL = [
    'account_name',
    'account_number',
    'account_number_masked',
    'created_at',
    'id',
    'is_active',
    'name',
    'updated_at',
  ];
  const BANK_DIRECTORY = ['account_number_masked', 'id', 'is_active', 'name'];
  const EMPLOYEE_FULL = [
    'created_at',
    'employee_code',
    'first_name',
    'full_name',
    'hire_date',
    'id',
    'is_active',
    'kind',
    'last_name',
    'location',
    'location_name',
    'monthly_target',
    'phone',
    'updated_at',
    'user',
    'username',
  ];
  const EMPLOYEE_DIRECTORY = [
    'employee_code',
    'first_name',
    'full_name',
    'id',
    'is_active',
    'kind',
    'last_name',
    'location',
    'location_name',
  ];
  const STAFF = ROLES.filter((r): r is Exclude<Role, 'anonymous'> => r !== 'anonymous');
  const keysOf = (value: object) => Object.keys(value).sort();

  it.each(STAFF)('banks as %s', async (role) => {
    const expected = role === 'Admin' ? BANK_FULL : BANK_DIRECTORY;
    const one = await send(role, { method: 'GET', url: `/api/banks/${targets.bankId}/` });
    expect(one.statusCode).toBe(200);
    expect(keysOf(one.json())).toEqual(expected);
    expect(one.json().account_number_masked).toBe('••••0000');
    const list = (await send(role, { method: 'GET', url: '/api/banks/?pageSize=500' })).json() as { results: object[] };
    expect(list.results.length).toBeGreaterThan(0);
    for (const bank of list.results) expect(keysOf(bank)).toEqual(expected);
    if (role !== 'Admin') expect(JSON.stringify(list)).not.toContain('99990000');
  });

  it.each(STAFF.flatMap((role) => EMPLOYEE_PATHS.map((path) => [role, path] as const)))(
    '%s reading /%s/',
    async (role, path) => {
      const expected = role === 'Admin' ? EMPLOYEE_FULL : EMPLOYEE_DIRECTORY;
      const target = targets.employees[path];
      for (const url of [`/api/${path}/${target.id}/`, `/api/${path}/by-user/${target.userId}/`]) {
        const res = await send(role, { method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(keysOf(res.json()), url).toEqual(expected);
      }
      const list = (await send(role, { method: 'GET', url: `/api/${path}/?pageSize=500` })).json() as {
        results: { user?: number }[];
      };
      expect(list.results.length).toBeGreaterThan(0);
      const me = (await send(role, { method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
      for (const employee of list.results) {
        // Their own record is the one entry a non-admin reads in full (it alone carries `user`).
        expect(keysOf(employee)).toEqual(employee.user === me.id ? EMPLOYEE_FULL : expected);
      }
    },
  );

  it.each(['Salesperson', 'Therapist', 'Receptionist'] as const)('%s reads their own record in full', async (role) => {
    const path = ({ Salesperson: 'salespersons', Therapist: 'therapists', Receptionist: 'receptionists' } as const)[
      role
    ];
    const me = (await send(role, { method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
    const mine = await send(role, { method: 'GET', url: `/api/${path}/by-user/${me.id}/` });
    expect(mine.statusCode).toBe(200);
    expect(keysOf(mine.json())).toEqual(EMPLOYEE_FULL);
    expect(mine.json().user).toBe(me.id);
    const byId = await send(role, { method: 'GET', url: `/api/${path}/${mine.json().id}/` });
    expect(keysOf(byId.json())).toEqual(EMPLOYEE_FULL);
  });
});

it('covers every administration route the app registers', async () => {
  const covered = new Set(ROWS.map((r) => r.name.split(' (')[0]));
  const prefixes = [
    '/users/',
    '/locations/',
    '/banks/',
    '/salespersons/',
    '/therapists/',
    '/receptionists/',
    '/configurations/',
  ];
  // Sign-in and own-session routes belong to the authentication suite.
  const authPaths = new Set([
    '/users/my_data/',
    '/users/my_groups/',
    '/users/login/',
    '/users/logout/',
    '/users/token/',
    '/users/token/refresh/',
  ]);
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const registered = Object.entries(doc.paths)
    .map(([path, ops]) => [path.replace(/^\/api/, ''), Object.keys(ops)] as const)
    .filter(([path]) => prefixes.some((p) => path.startsWith(p)) && !authPaths.has(path))
    .flatMap(([path, methods]) => methods.filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${path}`));
  // Every route has a row, and every row is a real route.
  expect(registered.sort()).toEqual([...covered].sort());
});
