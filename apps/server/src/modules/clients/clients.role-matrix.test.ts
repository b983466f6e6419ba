import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { employees, locations } from '../../db/schema/index';
import { ROLE_CREDENTIALS, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from './clients.test-helpers';
import { ROLES, signedIn, managers, type Role, type Expect } from '../../test/role-matrix';

/**
 * Client endpoints × roles: every route gives each caller exactly this status. Each role works on
 * its own rows, so one role's update or cancel never changes what another role's request touches.
 */

const CREDENTIALS: Record<Exclude<Role, 'anonymous'>, readonly [string, string]> = ROLE_CREDENTIALS;

type Own = { client: number; doomed: number; voucher: number; membership: number; arrival: number };
type Targets = {
  own: Record<Role, Own>;
  far: { client: number; location: number; therapist: number; voucher: number; membership: number };
};

let phone = 5_000_000;
const nextPhone = () => `0918${String((phone += 1)).padStart(7, '0')}`;

let ctx: TestContext;
let f: Fixtures;
let t: Targets;
const agents = new Map<Role, Agent>();

const C = '/api/clients';
const sale = () => ({ location: f.home, salesperson: f.salesperson, payment_method: 'cash' });

const ROWS: { name: string; request: (r: Role) => InjectOptions; expect: Expect | ((r: Role) => number) }[] = [
  { name: 'GET /clients/', request: () => ({ method: 'GET', url: `${C}/` }), expect: signedIn(200) },
  {
    name: 'POST /clients/',
    request: () => ({
      method: 'POST',
      url: `${C}/`,
      payload: { first_name: 'Matrix', last_name: 'New', phone: nextPhone(), location: f.home },
    }),
    expect: signedIn(201),
  },
  {
    name: 'GET /clients/search/',
    request: () => ({ method: 'GET', url: `${C}/search/?q=matrix` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/{id}/',
    request: (r) => ({ method: 'GET', url: `${C}/${t.own[r].client}/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/{id}/services/',
    request: (r) => ({ method: 'GET', url: `${C}/${t.own[r].client}/services/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/{id}/history/',
    request: (r) => ({ method: 'GET', url: `${C}/${t.own[r].client}/history/` }),
    expect: signedIn(200),
  },
  {
    name: 'PATCH /clients/{id}/',
    request: (r) => ({ method: 'PATCH', url: `${C}/${t.own[r].client}/`, payload: { notes: 'matrix' } }),
    expect: managers(200),
  },
  {
    name: 'PUT /clients/{id}/',
    request: (r) => ({
      method: 'PUT',
      url: `${C}/${t.own[r].client}/`,
      payload: { first_name: 'Matrix', last_name: 'Put', location: f.home, allow_duplicate_phone: true },
    }),
    expect: managers(200),
  },
  {
    name: 'DELETE /clients/{id}/',
    request: (r) => ({ method: 'DELETE', url: `${C}/${t.own[r].doomed}/` }),
    expect: managers(200),
  },
  {
    name: 'GET /clients/memberships/',
    request: () => ({ method: 'GET', url: `${C}/memberships/` }),
    expect: signedIn(200),
  },
  {
    name: 'POST /clients/memberships/',
    request: (r) => ({
      method: 'POST',
      url: `${C}/memberships/`,
      payload: { client: t.own[r].client, membership: f.membership.id, ...sale() },
    }),
    expect: signedIn(201),
  },
  {
    name: 'GET /clients/memberships/{id}/',
    request: (r) => ({ method: 'GET', url: `${C}/memberships/${t.own[r].membership}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PATCH /clients/memberships/{id}/',
    request: (r) => ({
      method: 'PATCH',
      url: `${C}/memberships/${t.own[r].membership}/`,
      payload: { status: 'active' },
    }),
    expect: managers(200),
  },
  {
    name: 'GET /clients/treatments/',
    request: () => ({ method: 'GET', url: `${C}/treatments/` }),
    expect: signedIn(200),
  },
  {
    name: 'POST /clients/treatments/',
    request: (r) => ({
      method: 'POST',
      url: `${C}/treatments/`,
      payload: { client: t.own[r].client, treatment: f.treatment.id, ...sale() },
    }),
    expect: signedIn(201),
  },
  {
    name: 'GET /clients/treatments/{id}/',
    request: (r) => ({ method: 'GET', url: `${C}/treatments/${t.own[r].voucher}/` }),
    expect: signedIn(200),
  },
  { name: 'GET /clients/arrivals/', request: () => ({ method: 'GET', url: `${C}/arrivals/` }), expect: signedIn(200) },
  {
    name: 'POST /clients/arrivals/',
    request: (r) => ({
      method: 'POST',
      url: `${C}/arrivals/`,
      payload: { client: t.own[r].client, location: f.home, time: '09:30', therapist: f.therapist },
    }),
    expect: signedIn(201),
  },
  {
    name: 'GET /clients/arrivals/arrivals_count/',
    request: () => ({ method: 'GET', url: `${C}/arrivals/arrivals_count/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/arrivals/data/',
    request: () => ({ method: 'GET', url: `${C}/arrivals/data/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/arrivals/{id}/',
    request: (r) => ({ method: 'GET', url: `${C}/arrivals/${t.own[r].arrival}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PATCH /clients/arrivals/{id}/',
    request: (r) => ({ method: 'PATCH', url: `${C}/arrivals/${t.own[r].arrival}/`, payload: { status: 'cancelled' } }),
    expect: signedIn(200),
  },
  {
    name: 'POST /clients/import/?dry_run=true',
    request: () => ({
      method: 'POST',
      url: `${C}/import/?dry_run=true`,
      headers: { 'content-type': 'text/csv' },
      payload: '',
    }),
    expect: managers(200),
  },
  { name: 'GET /clients/export/', request: () => ({ method: 'GET', url: `${C}/export/` }), expect: managers(200) },
  // object level: a client whose home branch none of the staff (nor the manager) works at. Clients
  // belong to the business (decision 0410): everyone reads and serves them at their own branch;
  // changing the record stays with the home branch's Managers and Admins, and a write at a branch
  // the caller does not work at is 403.
  {
    name: 'GET /clients/{far}/history/',
    request: () => ({ method: 'GET', url: `${C}/${t.far.client}/history/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/{far}/',
    request: () => ({ method: 'GET', url: `${C}/${t.far.client}/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/{far}/services/',
    request: () => ({ method: 'GET', url: `${C}/${t.far.client}/services/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/memberships/{far client’s}/',
    request: () => ({ method: 'GET', url: `${C}/memberships/${t.far.membership}/` }),
    expect: signedIn(200),
  },
  {
    name: 'GET /clients/treatments/{far client’s}/',
    request: () => ({ method: 'GET', url: `${C}/treatments/${t.far.voucher}/` }),
    expect: signedIn(200),
  },
  {
    name: 'PATCH /clients/{far}/',
    request: () => ({ method: 'PATCH', url: `${C}/${t.far.client}/`, payload: { notes: 'x' } }),
    expect: { ...managers(403), Admin: 200 },
  },
  {
    name: 'PATCH /clients/memberships/{far client’s}/',
    request: () => ({ method: 'PATCH', url: `${C}/memberships/${t.far.membership}/`, payload: { status: 'active' } }),
    expect: { ...managers(403), Admin: 200 },
  },
  {
    name: 'POST /clients/arrivals/ for {far} at home',
    request: () => ({
      method: 'POST',
      url: `${C}/arrivals/`,
      payload: { client: t.far.client, location: f.home, time: '10:15', therapist: f.therapist },
    }),
    expect: signedIn(201),
  },
  {
    name: 'POST /clients/treatments/ for {far} at home',
    request: () => ({
      method: 'POST',
      url: `${C}/treatments/`,
      payload: { client: t.far.client, treatment: f.treatment.id, ...sale() },
    }),
    expect: signedIn(201),
  },
  {
    name: 'POST /clients/arrivals/ at {far}',
    request: () => ({
      method: 'POST',
      url: `${C}/arrivals/`,
      payload: { client: t.far.client, location: t.far.location, time: '10:00', therapist: t.far.therapist },
    }),
    expect: { ...managers(403), Admin: 201 },
  },
];

beforeAll(async () => {
  ctx = await buildTestApp();
  f = await loadFixtures(ctx.database.db);
  for (const role of ROLES) if (role !== 'anonymous') agents.set(role, await login(ctx.app, ...CREDENTIALS[role]));
  const admin = agents.get('Admin')!;
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await admin.request({ method: 'POST', url, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; vouchers?: { id: number }[] };
  };
  const own = {} as Record<Role, Own>;
  for (const role of ROLES) {
    const client = await post(`${C}/`, { first_name: 'Matrix', last_name: role, phone: nextPhone(), location: f.home });
    const doomed = await post(`${C}/`, { first_name: 'Doomed', last_name: role, location: f.home });
    const voucher = await post(`${C}/treatments/`, { client: client.id, treatment: f.treatment.id, ...sale() });
    const membership = await post(`${C}/memberships/`, { client: client.id, membership: f.membership.id, ...sale() });
    const arrival = await post(`${C}/arrivals/`, {
      client: client.id,
      location: f.home,
      time: '08:00',
      therapist: f.therapist,
      voucher: voucher.id,
    });
    own[role] = {
      client: client.id,
      doomed: doomed.id,
      voucher: voucher.id,
      membership: membership.id,
      arrival: arrival.id,
    };
  }
  const [far] = await ctx.database.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(notInArray(locations.id, [f.home, f.other]))
    .orderBy(asc(locations.id))
    .limit(1);
  const [farTherapist] = await ctx.database.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.kind, 'therapist'), eq(employees.locationId, far!.id), eq(employees.isActive, true)))
    .limit(1);
  const [farSeller] = await ctx.database.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.kind, 'salesperson'), eq(employees.locationId, far!.id), eq(employees.isActive, true)))
    .limit(1);
  const farClient = await post(`${C}/`, { first_name: 'Far', last_name: 'Away', location: far!.id });
  const farSale = { location: far!.id, salesperson: farSeller!.id, payment_method: 'cash' };
  const farVoucher = await post(`${C}/treatments/`, { client: farClient.id, treatment: f.treatment.id, ...farSale });
  const farMembership = await post(`${C}/memberships/`, {
    client: farClient.id,
    membership: f.membership.id,
    ...farSale,
  });
  t = {
    own,
    far: {
      client: farClient.id,
      location: far!.id,
      therapist: farTherapist!.id,
      voucher: farVoucher.id,
      membership: farMembership.id,
    },
  };
  const [home] = await ctx.database.db.select({ name: locations.name }).from(locations).where(eq(locations.id, f.home));
  for (const row of ROWS) {
    if (row.name.startsWith('POST /clients/import/')) {
      const base = row.request;
      row.request = (r) => ({ ...base(r), payload: `name,location\nMatrix Import,${home!.name}\n` });
    }
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('clients role matrix', () => {
  for (const row of ROWS) {
    for (const role of ROLES) {
      const expected = typeof row.expect === 'function' ? row.expect(role) : row.expect[role];
      it(`${row.name} as ${role} → ${expected}`, async () => {
        const options = row.request(role);
        const res = role === 'anonymous' ? await ctx.app.inject(options) : await agents.get(role)!.request(options);
        expect(res.statusCode, res.body).toBe(expected);
      });
    }
  }
});
