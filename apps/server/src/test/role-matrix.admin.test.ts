import { describe, expect, it } from 'vitest';
import { FIELDS_MESSAGE } from '@ginhawa/contract';
import type { InjectOptions } from 'fastify';
import { multipartFile, tinyPng } from './build';
import { ROLES, adminOnly, everyone, managers, signedIn, type Role } from './role-matrix';
import {
  crudRows,
  describeMatrix,
  expectRowsCoverRoutes,
  sameForAll,
  sendAs,
  startMatrix,
  type MatrixRow,
} from './role-matrix-runner';

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
  terminalId: number;
  doomedTerminalId: number;
  /** A terminal of a branch the seeded Manager and Receptionist both work at, and an X reading of it. */
  deskTerminalId: number;
  readingId: number;
  employees: Record<
    'salespersons' | 'therapists' | 'receptionists',
    { id: number; userId: number; code: string; doomedId: number }
  >;
};

type Row = MatrixRow<Targets>;

let seq = 0;
const unique = (prefix: string) => `${prefix}${(seq += 1)}`;

const EMPLOYEE_PATHS = ['salespersons', 'therapists', 'receptionists'] as const;

const ROWS: Row[] = [
  // users
  ...crudRows<Targets>('/users/', {
    id: (_r, t) => t.userId,
    doomedId: (_r, t) => t.doomedUserId,
    create: (role) => ({ username: unique(`matrix.${role.toLowerCase()}.`), password: 'matrix pass phrase' }),
    replace: () => ({ username: 'matrix.target', first_name: 'Replaced', groups: [], locations: [] }),
    change: () => ({ first_name: 'Changed' }),
    read: managers(200),
  }),
  sameForAll('GET', '/users/groups/', managers(200)),
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
  ...crudRows<Targets>('/locations/', {
    id: (_r, t) => t.locationId,
    doomedId: (_r, t) => t.doomedLocationId,
    create: () => ({ name: unique('Matrix Branch '), opening_time: '10:00', closing_time: '20:00' }),
    replace: () => ({ name: 'Matrix Home', address: 'Ayala, Makati', opening_time: '09:00', closing_time: '21:00' }),
    change: () => ({ address: 'EDSA, Mandaluyong' }),
  }),
  ...crudRows<Targets>('/banks/', {
    id: (_r, t) => t.bankId,
    doomedId: (_r, t) => t.doomedBankId,
    create: () => ({ name: unique('Matrix Bank '), account_name: 'Ginhawa', account_number: '12345678' }),
    replace: () => ({ name: 'Matrix Bank', account_name: 'Ginhawa Replaced', account_number: '99990000' }),
    change: () => ({ account_name: 'Ginhawa Wellness' }),
  }),
  // salespersons, therapists, receptionists
  ...EMPLOYEE_PATHS.flatMap((path): Row[] => [
    ...crudRows<Targets>(`/${path}/`, {
      id: (_r, t) => t.employees[path].id,
      doomedId: (_r, t) => t.employees[path].doomedId,
      create: (_r, t) => ({
        first_name: 'Matrix',
        last_name: unique('Hire'),
        location: t.locationId,
        hire_date: '2025-01-06',
      }),
      replace: (_r, t) => ({
        first_name: 'Matrix',
        last_name: 'Replaced',
        employee_code: t.employees[path].code,
        location: t.locationId,
        hire_date: '2024-06-03',
      }),
      change: () => ({ last_name: 'Renamed' }),
    }),
    {
      name: `GET /${path}/by-user/{user_id}/`,
      request: (_r, t) => ({ method: 'GET', url: `/api/${path}/by-user/${t.employees[path].userId}/` }),
      expect: signedIn(200),
    },
  ]),
  // invoicing (issue 33): the seller's facts and the desk's terminals
  sameForAll('GET', '/invoicing/profile/', managers(200)),
  sameForAll('PUT', '/invoicing/profile/', adminOnly(200), {
    payload: {
      registered_name: 'Ginhawa Matrix Inc.',
      business_style: '',
      tin: '123-456-789',
      branch_code: '00000',
      registered_address: 'Ayala, Makati',
      vat_status: 'vat',
      vat_rate: '12.00',
      software: {
        supplier_name: '',
        supplier_address: '',
        supplier_tin: '',
        accreditation_no: '',
        date_issued: null,
        valid_until: null,
      },
    },
  }),
  sameForAll('PATCH', '/invoicing/profile/', adminOnly(200), { payload: { business_style: 'Ginhawa Spa' } }),
  sameForAll('GET', '/invoicing/journal/verify/', adminOnly(200)),
  {
    name: 'GET /invoicing/journal/ (as text, decision 1024)',
    request: (_r, t) => ({
      method: 'GET',
      url: `/api/invoicing/journal/?terminal=${t.terminalId}&date_from=2026-01-01&date_to=2026-01-31`,
    }),
    expect: adminOnly(200),
  },
  // the desk's side (decisions 1010, 1013): whether invoicing is on; choosing a terminal; a reprint
  sameForAll('GET', '/invoicing/desk/', signedIn(200)),
  {
    name: 'POST /invoicing/desk/terminal/ (a terminal of a branch only Admins and Managers reach)',
    request: (_r, t) => ({ method: 'POST', url: '/api/invoicing/desk/terminal/', payload: { terminal: t.terminalId } }),
    expect: { ...signedIn(400), Manager: 200, Admin: 200 },
    error: FIELDS_MESSAGE,
    errorStatus: 400,
  },
  {
    name: 'POST /invoicing/documents/{id}/reprint/ (no such document)',
    request: () => ({ method: 'POST', url: '/api/invoicing/documents/999999/reprint/' }),
    expect: signedIn(404),
    error: 'No such document.',
    errorStatus: 404,
  },
  ...crudRows<Targets>('/invoicing/terminals/', {
    id: (_r, t) => t.terminalId,
    doomedId: (_r, t) => t.doomedTerminalId,
    create: (_r, t) => ({ location: t.locationId, name: unique('Matrix Desk ') }),
    replace: (_r, t) => ({ location: t.locationId, name: 'Matrix Front Desk', min: '1234567890' }),
    change: () => ({ serial_number: 'SN-42' }),
  }),
  // documents (issue 33, decision 1015): the branch's desk and Managers read; Managers and Admins correct.
  // No document matches the id: a 404 for those let in shows the refusal came before the lookup.
  sameForAll('GET', '/invoicing/documents/', { ...managers(200), Receptionist: 200 }),
  {
    name: 'GET /invoicing/documents/{id}/',
    request: () => ({ method: 'GET', url: '/api/invoicing/documents/999999/' }),
    expect: { ...managers(404), Receptionist: 404 },
    error: 'No such document.',
    errorStatus: 404,
  },
  {
    name: 'POST /invoicing/documents/{id}/void/',
    request: () => ({ method: 'POST', url: '/api/invoicing/documents/999999/void/', payload: { reason: 'Matrix' } }),
    expect: managers(404),
    error: 'No such document.',
    errorStatus: 404,
  },
  {
    name: 'POST /invoicing/documents/{id}/void-request/',
    request: () => ({
      method: 'POST',
      url: '/api/invoicing/documents/999999/void-request/',
      payload: { reason: 'Matrix' },
    }),
    expect: { ...managers(404), Receptionist: 404 },
    error: 'No such document.',
    errorStatus: 404,
  },
  {
    name: 'POST /invoicing/documents/{id}/credit-memo/',
    request: () => ({
      method: 'POST',
      url: '/api/invoicing/documents/999999/credit-memo/',
      payload: { reason: 'Matrix' },
    }),
    expect: managers(404),
    error: 'No such document.',
    errorStatus: 404,
  },
  // readings (decision 1020): on the terminal of a branch the seeded Manager and Receptionist work at
  {
    name: 'POST /invoicing/readings/x/{terminal}/',
    request: (_r, t) => ({ method: 'POST', url: `/api/invoicing/readings/x/${t.deskTerminalId}/` }),
    expect: { ...managers(201), Receptionist: 201 },
  },
  {
    name: 'POST /invoicing/readings/z/{terminal}/',
    request: (_r, t) => ({ method: 'POST', url: `/api/invoicing/readings/z/${t.deskTerminalId}/` }),
    expect: managers(201),
  },
  sameForAll('GET', '/invoicing/readings/', { ...managers(200), Receptionist: 200 }),
  {
    name: 'GET /invoicing/readings/{id}/',
    request: (_r, t) => ({ method: 'GET', url: `/api/invoicing/readings/${t.readingId}/` }),
    expect: { ...managers(200), Receptionist: 200 },
  },
  // books (decision 1022): Admins, and Managers for their branches
  ...(['sales-summary', 'senior-citizens', 'pwd', 'corrections'] as const).map((book): Row => ({
    name: `GET /invoicing/books/${book}/`,
    request: () => ({ method: 'GET', url: `/api/invoicing/books/${book}/?date_from=2026-01-01&date_to=2026-01-31` }),
    expect: managers(200),
  })),
  // configuration
  sameForAll('GET', '/configurations/settings/', everyone(200)),
  sameForAll('GET', '/configurations/', managers(200)),
  sameForAll('PUT', '/configurations/', adminOnly(200), { payload: { company_name: 'Ginhawa Matrix' } }),
  sameForAll('PATCH', '/configurations/', adminOnly(200), { payload: { features: { banks: true } } }),
  {
    name: 'POST /configurations/update-logo/',
    request: () => ({ method: 'POST', url: '/api/configurations/update-logo/', ...multipartFile(tinyPng()) }),
    expect: adminOnly(200),
  },
];

const matrix = startMatrix<Targets>(async ({ make: post, agents }) => {
  const make = (url: string, payload: object) => post<{ user: number; employee_code: string }>(url, payload);
  const location = await make('/api/locations/', {
    name: 'Matrix Home',
    opening_time: '09:00',
    closing_time: '21:00',
  });
  const employees = {} as Targets['employees'];
  for (const path of EMPLOYEE_PATHS) {
    const kept = await make(`/api/${path}/`, {
      first_name: 'Matrix',
      last_name: path,
      location: location.id,
      hire_date: '2024-06-03',
      account: { username: `matrix.${path}`, password: 'matrix pass phrase' },
    });
    const doomed = await make(`/api/${path}/`, {
      first_name: 'Doomed',
      last_name: path,
      location: location.id,
      hire_date: '2024-06-03',
    });
    employees[path] = { id: kept.id, userId: kept.user, code: kept.employee_code, doomedId: doomed.id };
  }
  const terminalId = (await make('/api/invoicing/terminals/', { location: location.id, name: 'Matrix Front Desk' })).id;
  const worksAt = async (role: 'Manager' | 'Receptionist') =>
    (
      (await agents[role].request({ method: 'GET', url: '/api/users/my_data/' })).json() as {
        locations: { id: number }[];
      }
    ).locations.map((l) => l.id);
  const managerAt = await worksAt('Manager');
  const shared = (await worksAt('Receptionist')).find((id) => managerAt.includes(id))!;
  const desks = (
    await agents.Admin.request({ method: 'GET', url: `/api/invoicing/terminals/?location=${shared}` })
  ).json() as {
    results: { id: number }[];
  };
  const deskTerminalId = desks.results[0]!.id;
  return {
    userId: (await make('/api/users/', { username: 'matrix.target', password: 'matrix pass phrase' })).id,
    doomedUserId: (await make('/api/users/', { username: 'matrix.doomed', password: 'matrix pass phrase' })).id,
    locationId: location.id,
    doomedLocationId: (
      await make('/api/locations/', { name: 'Matrix Doomed', opening_time: '09:00', closing_time: '21:00' })
    ).id,
    bankId: (await make('/api/banks/', { name: 'Matrix Bank', account_name: 'Ginhawa', account_number: '99990000' }))
      .id,
    doomedBankId: (
      await make('/api/banks/', {
        name: 'Matrix Doomed Bank',
        account_name: 'Ginhawa',
        account_number: '99991111',
      })
    ).id,
    terminalId,
    doomedTerminalId: (await make('/api/invoicing/terminals/', { location: location.id, name: 'Matrix Doomed Desk' }))
      .id,
    deskTerminalId,
    readingId: (await make(`/api/invoicing/readings/x/${deskTerminalId}/`, {})).id,
    employees,
  };
});

const send = (role: Role, options: InjectOptions) => sendAs(matrix(), role, options);

describeMatrix(ROWS, matrix);

/**
 * What each caller reads (issue 14, docs/decisions/0011): not only the status but the fields.
 * Admins get whole records; everyone else the directory view; a person their own record in full.
 */
describe('directory view', () => {
  const BANK_DIRECTORY = ['account_number_masked', 'id', 'is_active', 'name'];
  // The whole record adds what only an Admin (or, for an employee, the person themselves) reads.
  const BANK_FULL = [...BANK_DIRECTORY, 'account_name', 'account_number', 'created_at', 'updated_at'].sort();
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
  const EMPLOYEE_FULL = [
    ...EMPLOYEE_DIRECTORY,
    'created_at',
    'hire_date',
    'monthly_target',
    'phone',
    'updated_at',
    'user',
    'username',
  ].sort();
  const STAFF = ROLES.filter((r): r is Exclude<Role, 'anonymous'> => r !== 'anonymous');
  const keysOf = (value: object) => Object.keys(value).sort();

  it.each(STAFF)('banks as %s', async (role) => {
    const expected = role === 'Admin' ? BANK_FULL : BANK_DIRECTORY;
    const one = await send(role, { method: 'GET', url: `/api/banks/${matrix().targets.bankId}/` });
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
      const target = matrix().targets.employees[path];
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
  const prefixes = [
    '/users/',
    '/locations/',
    '/banks/',
    '/salespersons/',
    '/therapists/',
    '/receptionists/',
    '/configurations/',
    '/invoicing/',
  ];
  // Sign-in and own-session routes belong to the authentication suite.
  await expectRowsCoverRoutes(matrix().app, ROWS, { prefixes, authRoutes: 'left out' });
});
