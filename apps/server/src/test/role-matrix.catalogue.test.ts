import { expect, it } from 'vitest';
import { multipartFile, tinyPng } from './build';
import { ROLES, everyone, managers, adminOnly, signedIn, type Role } from './role-matrix';
import {
  crudRows,
  describeMatrix,
  expectRowsCoverRoutes,
  sameForAll,
  startMatrix,
  type MatrixRow,
} from './role-matrix-runner';

/**
 * Catalogue, notification, file, health and sign-in endpoints × roles: every route gives each caller exactly this status.
 * Writes use valid bodies, so a 2xx proves the route really ran for the roles that may call it,
 * and a 403 for the others proves the refusal came before any change.
 */

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

type Row = MatrixRow<Targets>;

let seq = 0;
const unique = (prefix: string) => `${prefix}${process.pid}-${(seq += 1)}`;

const CATEGORY_PATHS = [
  ['treatment-categories', 'treatmentCategoryId', 'doomedTreatmentCategoryId'],
  ['membership-categories', 'membershipCategoryId', 'doomedMembershipCategoryId'],
] as const;

const INVALID_CREDENTIALS = 'Invalid username or password.';

const ROWS: Row[] = [
  // treatment and membership categories
  ...CATEGORY_PATHS.flatMap(([path, kept, doomed]) =>
    crudRows<Targets>(`/services/${path}/`, {
      id: (r, t) => t.catalogue[r][kept],
      doomedId: (r, t) => t.catalogue[r][doomed],
      create: () => ({ name: unique('Matrix Category ') }),
      replace: () => ({ name: unique('Matrix Renamed ') }),
      change: () => ({ description: 'New words' }),
    }),
  ),
  ...crudRows<Targets>('/services/treatments/', {
    id: (r, t) => t.catalogue[r].treatment.id,
    doomedId: (r, t) => t.catalogue[r].doomedTreatmentId,
    create: (r, t) => ({
      name: unique('Matrix Treatment '),
      category: t.catalogue[r].treatmentCategoryId,
      duration_minutes: 60,
      price: '1200.00',
    }),
    replace: (r, t) => ({
      name: t.catalogue[r].treatment.name,
      category: t.catalogue[r].treatmentCategoryId,
      duration_minutes: 90,
      price: '1750.50',
    }),
    change: () => ({ price: '1300.00' }),
  }),
  ...crudRows<Targets>('/services/memberships/', {
    id: (r, t) => t.catalogue[r].membership.id,
    doomedId: (r, t) => t.catalogue[r].doomedMembershipId,
    create: () => ({ name: unique('Matrix Membership '), price: '15000.00', validity_days: 365 }),
    replace: (r, t) => ({ name: t.catalogue[r].membership.name, price: '30000.00', validity_days: 730 }),
    change: () => ({ description: 'Matrix perks' }),
  }),
  {
    name: 'POST /services/memberships/{id}/update_categories/',
    request: (r, t) => ({
      method: 'POST',
      url: `/api/services/memberships/${t.catalogue[r].membership.id}/update_categories/`,
      payload: { categories: [t.catalogue[r].membershipCategoryId] },
    }),
    expect: adminOnly(200),
  },
  ...crudRows<Targets>('/services/membership-allowed-treatments/', {
    id: (r, t) => t.catalogue[r].allowedLine.id,
    doomedId: (r, t) => t.catalogue[r].doomedAllowedLineId,
    create: (r, t) => ({
      membership: t.catalogue[r].membership.id,
      treatment: t.catalogue[r].spareTreatmentId,
      sessions_included: 2,
    }),
    replace: (r, t) => ({
      membership: t.catalogue[r].membership.id,
      treatment: t.catalogue[r].allowedLine.treatment,
      sessions_included: 3,
    }),
    change: () => ({ sessions_included: 8, discount_percent: '20' }),
  }),
  // notifications
  sameForAll('GET', '/notifications/', signedIn(200)),
  sameForAll('POST', '/notifications/', managers(201), {
    payload: { title: 'Matrix announcement', message: 'Staff meeting on Monday.', groups: ['Therapist'] },
  }),
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
  sameForAll('GET', '/health/', everyone(200)),
  sameForAll('GET', '/health/live/', everyone(200)),
  // own session and sign-in
  sameForAll('GET', '/users/my_data/', signedIn(200)),
  sameForAll('GET', '/users/my_groups/', signedIn(200)),
  sameForAll('GET', '/users/logout/', everyone(200), { throwaway: true }),
  sameForAll('POST', '/users/logout/', everyone(200), { throwaway: true }),
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

const matrix = startMatrix<Targets>(async ({ agents, make: post }) => {
  const admin = agents.Admin;
  const make = <T extends object = { id: number }>(path: string, payload: object) =>
    post<T>(`/api/services/${path}/`, payload);
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
  const therapist = agents.Therapist;
  const me = (await therapist.request({ method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
  const avatar = await therapist.request({
    method: 'POST',
    url: `/api/users/${me.id}/update_avatar/`,
    ...multipartFile(tinyPng()),
  });
  if (avatar.statusCode !== 200) throw new Error(`update_avatar: ${avatar.statusCode} ${avatar.body}`);
  return { catalogue, logoUrl: logo.json().logoUrl as string, avatarUrl: avatar.json().avatar as string };
});

describeMatrix(ROWS, matrix);

it('leaves every long-lived session signed in', async () => {
  for (const [role, agent] of Object.entries(matrix().agents)) {
    const res = await agent.request({ method: 'GET', url: '/api/users/my_data/' });
    expect(res.statusCode, role).toBe(200);
  }
});

it('covers every catalogue, notification, file, health and sign-in route the app registers', async () => {
  const prefixes = ['/services/', '/notifications/', '/files/', '/health/'];
  await expectRowsCoverRoutes(matrix().app, ROWS, { prefixes, authRoutes: 'covered' });
});
