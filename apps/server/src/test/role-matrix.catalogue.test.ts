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
 * Catalogue, notification, file, health and sign-in endpoints × roles: every route gives each caller exactly this status.
 * Writes use valid bodies, so a 2xx proves the route really ran for the roles that may call it,
 * and a 403 for the others proves the refusal came before any change.
 */

const CREDENTIALS: Record<Exclude<Role, 'anonymous'>, readonly [string, string]> = {
  Admin: ['admin', ADMIN_PASSWORD],
  Manager: ['manager', DEMO_PASSWORD],
  Salesperson: ['salesperson', DEMO_PASSWORD],
  Therapist: ['therapist', DEMO_PASSWORD],
  Receptionist: ['receptionist', DEMO_PASSWORD],
};

/** One caller's own catalogue rows, so one role's update or delete never changes what another role's row touches. */
type Catalogue = {
  treatmentCategoryId: number;
  doomedTreatmentCategoryId: number;
  membershipCategoryId: number;
  doomedMembershipCategoryId: number;
  treatment: { id: number; name: string };
  /** In no membership: free for a new allowed-treatment line. */
  spareTreatmentId: number;
  doomedTreatmentId: number;
  membership: { id: number; name: string };
  doomedMembershipId: number;
  allowedLine: { id: number; treatment: number };
  doomedAllowedLineId: number;
};

type Targets = { catalogue: Record<Role, Catalogue>; logoUrl: string; avatarUrl: string };

type Row = {
  name: string;
  request: (role: Role, t: Targets) => InjectOptions;
  expect: Expect;
  forbidden?: string;
  /** The message of a 400 or 401 when it is not the usual one. */
  error?: string;
  /** The one status `error` belongs to, when the other refusals (401, 403) read as usual. */
  errorStatus?: number;
  /** Signed-in callers use a throwaway session of their own (for sign-out). */
  throwaway?: boolean;
};

let seq = 0;
const unique = (prefix: string) => `${prefix}${process.pid}-${(seq += 1)}`;

const S = '/api/services';
const CATEGORY_PATHS = [
  ['treatment-categories', 'treatmentCategoryId', 'doomedTreatmentCategoryId'],
  ['membership-categories', 'membershipCategoryId', 'doomedMembershipCategoryId'],
] as const;

const INVALID_CREDENTIALS = 'Invalid username or password.';

const ROWS: Row[] = [
  // treatment and membership categories
  ...CATEGORY_PATHS.flatMap(([path, kept, doomed]): Row[] => [
    { name: `GET /services/${path}/`, request: () => ({ method: 'GET', url: `${S}/${path}/` }), expect: signedIn(200) },
    {
      name: `POST /services/${path}/`,
      request: () => ({ method: 'POST', url: `${S}/${path}/`, payload: { name: unique('Matrix Category ') } }),
      expect: adminOnly(201),
    },
    {
      name: `GET /services/${path}/{id}/`,
      request: (r, t) => ({ method: 'GET', url: `${S}/${path}/${t.catalogue[r][kept]}/` }),
      expect: signedIn(200),
    },
    {
      name: `PUT /services/${path}/{id}/`,
      request: (r, t) => ({
        method: 'PUT',
        url: `${S}/${path}/${t.catalogue[r][kept]}/`,
        payload: { name: unique('Matrix Renamed ') },
      }),
      expect: adminOnly(200),
    },
    {
      name: `PATCH /services/${path}/{id}/`,
      request: (r, t) => ({
        method: 'PATCH',
        url: `${S}/${path}/${t.catalogue[r][kept]}/`,
        payload: { description: 'New words' },
      }),
      expect: adminOnly(200),
    },
    {
      name: `DELETE /services/${path}/{id}/`,
      request: (r, t) => ({ method: 'DELETE', url: `${S}/${path}/${t.catalogue[r][doomed]}/` }),
      expect: adminOnly(200),
    },
  ]),
  // treatments
  {
    name: 'GET /services/treatments/',
    request: () => ({ method: 'GET', url: `${S}/treatments/` }),
    expect: signedIn(200),
  },
  {
    name: 'POST /services/treatments/',
    request: (r, t) => ({
      method: 'POST',
      url: `${S}/treatments/`,
      payload: {
        name: unique('Matrix Treatment '),
        category: t.catalogue[r].treatmentCategoryId,
        duration_minutes: 60,
        price: '1200.00',
      },
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /services/treatments/{id}/',
    request: (r, t) => ({ method: 'GET', url: `${S}/treatments/${t.catalogue[r].treatment.id}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PUT /services/treatments/{id}/',
    request: (r, t) => ({
      method: 'PUT',
      url: `${S}/treatments/${t.catalogue[r].treatment.id}/`,
      payload: {
        name: t.catalogue[r].treatment.name,
        category: t.catalogue[r].treatmentCategoryId,
        duration_minutes: 90,
        price: '1750.50',
      },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /services/treatments/{id}/',
    request: (r, t) => ({
      method: 'PATCH',
      url: `${S}/treatments/${t.catalogue[r].treatment.id}/`,
      payload: { price: '1300.00' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /services/treatments/{id}/',
    request: (r, t) => ({ method: 'DELETE', url: `${S}/treatments/${t.catalogue[r].doomedTreatmentId}/` }),
    expect: adminOnly(200),
  },
  // memberships
  {
    name: 'GET /services/memberships/',
    request: () => ({ method: 'GET', url: `${S}/memberships/` }),
    expect: signedIn(200),
  },
  {
    name: 'POST /services/memberships/',
    request: () => ({
      method: 'POST',
      url: `${S}/memberships/`,
      payload: { name: unique('Matrix Membership '), price: '15000.00', validity_days: 365 },
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /services/memberships/{id}/',
    request: (r, t) => ({ method: 'GET', url: `${S}/memberships/${t.catalogue[r].membership.id}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PUT /services/memberships/{id}/',
    request: (r, t) => ({
      method: 'PUT',
      url: `${S}/memberships/${t.catalogue[r].membership.id}/`,
      payload: { name: t.catalogue[r].membership.name, price: '30000.00', validity_days: 730 },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /services/memberships/{id}/',
    request: (r, t) => ({
      method: 'PATCH',
      url: `${S}/memberships/${t.catalogue[r].membership.id}/`,
      payload: { description: 'Matrix perks' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /services/memberships/{id}/',
    request: (r, t) => ({ method: 'DELETE', url: `${S}/memberships/${t.catalogue[r].doomedMembershipId}/` }),
    expect: adminOnly(200),
  },
  {
    name: 'POST /services/memberships/{id}/update_categories/',
    request: (r, t) => ({
      method: 'POST',
      url: `${S}/memberships/${t.catalogue[r].membership.id}/update_categories/`,
      payload: { categories: [t.catalogue[r].membershipCategoryId] },
    }),
    expect: adminOnly(200),
  },
  // membership allowed treatments
  {
    name: 'GET /services/membership-allowed-treatments/',
    request: () => ({ method: 'GET', url: `${S}/membership-allowed-treatments/` }),
    expect: signedIn(200),
  },
  {
    name: 'POST /services/membership-allowed-treatments/',
    request: (r, t) => ({
      method: 'POST',
      url: `${S}/membership-allowed-treatments/`,
      payload: {
        membership: t.catalogue[r].membership.id,
        treatment: t.catalogue[r].spareTreatmentId,
        sessions_included: 2,
      },
    }),
    expect: adminOnly(201),
  },
  {
    name: 'GET /services/membership-allowed-treatments/{id}/',
    request: (r, t) => ({ method: 'GET', url: `${S}/membership-allowed-treatments/${t.catalogue[r].allowedLine.id}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PUT /services/membership-allowed-treatments/{id}/',
    request: (r, t) => ({
      method: 'PUT',
      url: `${S}/membership-allowed-treatments/${t.catalogue[r].allowedLine.id}/`,
      payload: {
        membership: t.catalogue[r].membership.id,
        treatment: t.catalogue[r].allowedLine.treatment,
        sessions_included: 3,
      },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'PATCH /services/membership-allowed-treatments/{id}/',
    request: (r, t) => ({
      method: 'PATCH',
      url: `${S}/membership-allowed-treatments/${t.catalogue[r].allowedLine.id}/`,
      payload: { sessions_included: 8, discount_percent: '20' },
    }),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /services/membership-allowed-treatments/{id}/',
    request: (r, t) => ({
      method: 'DELETE',
      url: `${S}/membership-allowed-treatments/${t.catalogue[r].doomedAllowedLineId}/`,
    }),
    expect: adminOnly(200),
  },
  // notifications
  {
    name: 'GET /notifications/',
    request: () => ({ method: 'GET', url: '/api/notifications/' }),
    expect: signedIn(200),
  },
  {
    name: 'POST /notifications/',
    request: () => ({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Matrix announcement', message: 'Staff meeting on Monday.', groups: ['Therapist'] },
    }),
    expect: managers(201),
  },
  // Deciding is for Managers and Admins; which request they may decide is decision-scope.test's.
  {
    name: 'POST /notifications/{id}/decide/ (no such request)',
    request: () => ({ method: 'POST', url: '/api/notifications/2147483000/decide/', payload: { approved: true } }),
    expect: managers(404),
    error: 'No such notification.',
    errorStatus: 404,
  },
  {
    name: 'GET /notifications/recipients-count/',
    request: () => ({ method: 'GET', url: '/api/notifications/recipients-count/?groups=Therapist' }),
    expect: managers(200),
  },
  // files
  {
    name: 'GET /files/{id}/ (the logo)',
    request: (_r, t) => ({ method: 'GET', url: t.logoUrl }),
    expect: everyone(200),
  },
  {
    name: 'GET /files/{id}/ (an avatar)',
    request: (_r, t) => ({ method: 'GET', url: t.avatarUrl }),
    expect: signedIn(200),
  },
  // health
  { name: 'GET /health/', request: () => ({ method: 'GET', url: '/api/health/' }), expect: everyone(200) },
  // own session and sign-in
  {
    name: 'GET /users/my_data/',
    request: () => ({ method: 'GET', url: '/api/users/my_data/' }),
    expect: signedIn(200),
  },
  {
    name: 'GET /users/my_groups/',
    request: () => ({ method: 'GET', url: '/api/users/my_groups/' }),
    expect: signedIn(200),
  },
  {
    name: 'GET /users/logout/',
    request: () => ({ method: 'GET', url: '/api/users/logout/' }),
    expect: everyone(200),
    throwaway: true,
  },
  {
    name: 'POST /users/logout/',
    request: () => ({ method: 'POST', url: '/api/users/logout/' }),
    expect: everyone(200),
    throwaway: true,
  },
  // Wrong credentials, a different unknown username each call, so the per-username throttle never locks.
  {
    name: 'POST /users/login/ (wrong credentials)',
    request: (role) => ({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: unique(`matrix.nobody.${role.toLowerCase()}.`), password: 'not the password' },
    }),
    expect: everyone(400),
    error: INVALID_CREDENTIALS,
  },
  {
    name: 'POST /users/token/ (wrong credentials)',
    request: (role) => ({
      method: 'POST',
      url: '/api/users/token/',
      payload: { username: unique(`matrix.nobody.${role.toLowerCase()}.`), password: 'not the password' },
    }),
    expect: everyone(400),
    error: INVALID_CREDENTIALS,
  },
  // A refresh token that is not one is refused as unauthenticated (401), not as a bad request.
  {
    name: 'POST /users/token/refresh/ (a token that is not one)',
    request: () => ({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: 'not.a.token' } }),
    expect: everyone(401),
    error: 'This token is not valid.',
  },
];

let ctx: TestContext;
let targets: Targets;
const agents = new Map<Role, Agent>();

beforeAll(async () => {
  ctx = await buildTestApp();
  for (const [role, [username, password]] of Object.entries(CREDENTIALS) as [
    Exclude<Role, 'anonymous'>,
    readonly [string, string],
  ][]) {
    agents.set(role, await login(ctx.app, username, password));
  }
  const admin = agents.get('Admin')!;
  const make = async <T extends object = { id: number }>(path: string, payload: object) => {
    const res = await admin.request({ method: 'POST', url: `${S}/${path}/`, payload });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json() as T & { id: number };
  };
  const catalogue = {} as Record<Role, Catalogue>;
  for (const role of ROLES) {
    const label = `Matrix ${role}`;
    const category = await make('treatment-categories', { name: `${label} Category` });
    const treatmentIn = (name: string) =>
      make<{ name: string }>('treatments', {
        name: `${label} ${name}`,
        category: category.id,
        duration_minutes: 60,
        price: '1200.00',
      });
    const treatment = await treatmentIn('Massage');
    const lineTreatment = await treatmentIn('Scrub');
    const membership = await make<{ name: string }>('memberships', {
      name: `${label} Membership`,
      price: '15000.00',
      validity_days: 365,
    });
    catalogue[role] = {
      treatmentCategoryId: category.id,
      doomedTreatmentCategoryId: (await make('treatment-categories', { name: `${label} Doomed Category` })).id,
      membershipCategoryId: (await make('membership-categories', { name: `${label} Membership Category` })).id,
      doomedMembershipCategoryId: (await make('membership-categories', { name: `${label} Doomed Membership Category` }))
        .id,
      treatment: { id: treatment.id, name: treatment.name },
      spareTreatmentId: (await treatmentIn('Hilot')).id,
      doomedTreatmentId: (await treatmentIn('Doomed')).id,
      membership: { id: membership.id, name: membership.name },
      doomedMembershipId: (
        await make('memberships', { name: `${label} Doomed Membership`, price: '9000.00', validity_days: 180 })
      ).id,
      allowedLine: {
        id: (
          await make('membership-allowed-treatments', {
            membership: membership.id,
            treatment: treatment.id,
            sessions_included: 6,
          })
        ).id,
        treatment: treatment.id,
      },
      doomedAllowedLineId: (
        await make('membership-allowed-treatments', {
          membership: membership.id,
          treatment: lineTreatment.id,
          sessions_included: 1,
        })
      ).id,
    };
  }
  const logo = await admin.request({
    method: 'POST',
    url: '/api/configurations/update-logo/',
    ...multipartFile(tinyPng(), { filename: 'logo.png' }),
  });
  if (logo.statusCode !== 200) throw new Error(`update-logo: ${logo.statusCode} ${logo.body}`);
  const therapist = agents.get('Therapist')!;
  const me = (await therapist.request({ method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
  const avatar = await therapist.request({
    method: 'POST',
    url: `/api/users/${me.id}/update_avatar/`,
    ...multipartFile(tinyPng()),
  });
  if (avatar.statusCode !== 200) throw new Error(`update_avatar: ${avatar.statusCode} ${avatar.body}`);
  targets = { catalogue, logoUrl: logo.json().logoUrl as string, avatarUrl: avatar.json().avatar as string };
});
afterAll(async () => {
  await ctx?.close();
});

const send = async (role: Role, options: InjectOptions, throwaway = false) => {
  if (role === 'anonymous') return ctx.app.inject(options);
  const agent = throwaway ? await login(ctx.app, ...CREDENTIALS[role]) : agents.get(role)!;
  return agent.request(options);
};

describe.each(ROWS)('$name', (row) => {
  // Admin last, so a delete it performs does not change what the others see.
  it.each(ROLES)('%s', async (role) => {
    const res = await send(role, row.request(role, targets), row.throwaway);
    expect(res.statusCode, res.body).toBe(row.expect[role]);
    if (res.statusCode >= 400) {
      const body = res.json();
      const usual =
        res.statusCode === 401
          ? 'Please sign in to continue.'
          : res.statusCode === 403
            ? (row.forbidden ?? 'You do not have permission to do this.')
            : undefined;
      const own = row.errorStatus === undefined || row.errorStatus === res.statusCode;
      expect(body.message).toBe((own ? row.error : undefined) ?? usual);
    }
  });
});

it('leaves every long-lived session signed in', async () => {
  for (const [role, agent] of agents) {
    const res = await agent.request({ method: 'GET', url: '/api/users/my_data/' });
    expect(res.statusCode, role).toBe(200);
  }
});

it('covers every catalogue, notification, file, health and sign-in route the app registers', async () => {
  const covered = new Set(ROWS.map((r) => r.name.split(' (')[0]));
  const prefixes = ['/services/', '/notifications/', '/files/', '/health/'];
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
    .filter(([path]) => prefixes.some((p) => path.startsWith(p)) || authPaths.has(path))
    .flatMap(([path, methods]) => methods.filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${path}`));
  // Every route has a row, and every row is a real route.
  expect(registered.sort()).toEqual([...covered].sort());
});
