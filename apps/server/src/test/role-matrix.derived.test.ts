import { expect, it } from 'vitest';
import { ADMIN_GROUP, type GroupName } from '@ginhawa/contract';
import type { Access } from '../plugins/auth';
import { ROLES, type Role } from './role-matrix';
import { sendAs, startMatrix } from './role-matrix-runner';

/**
 * The role matrix of every route the API documents, derived from the document itself: each
 * operation's `x-access` (anyone, signed in, or the groups that may) gives each caller's expected
 * answer at the door, and every operation is called as every role. A route added anywhere is in
 * this matrix the moment it is registered; one whose door does not answer as its document says
 * fails here, named. The hand-written matrices (role-matrix.*.test.ts, sales.role-matrix.test.ts)
 * go further for their routes: valid bodies, so a 2xx proves the route ran.
 *
 * Each call names a row that is not there (id 999999) and sends an empty body, so a caller the
 * door lets through gets a 400 or 404 (never 401 or 403) and nothing changes; sign-out runs in a
 * throwaway session.
 */

type Operation = { method: string; path: string; access: Access };

const matrix = startMatrix(async () => null);

const operations = async (): Promise<Operation[]> => {
  const doc = (await matrix().app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-access'?: Access }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => method !== 'head')
      .map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] ?? 'signed in' })),
  );
};

/**
 * Refusals the service makes after the door lets a caller in, even for a row that is not there:
 * the route's rule is more than its groups. Each is proven with real rows by its own tests; here it
 * is only the answer this matrix expects instead of "passes".
 */
const BEYOND_THE_DOOR: Record<string, Partial<Record<Role, 403>>> = {
  // Only one's own picture (users.routes.ts); Admins change anyone's.
  'POST /api/users/{id}/update_avatar/': { Salesperson: 403, Therapist: 403, Receptionist: 403, Manager: 403 },
  // A therapist reads the day's bookings; only the front desk or a Manager changes one (assign.service.ts).
  'PATCH /api/floor/reservations/{id}/': { Therapist: 403 },
  'POST /api/floor/reservations/{id}/arrive/': { Therapist: 403 },
  'POST /api/floor/reservations/{id}/no-show/': { Therapist: 403 },
};

/** What the door must answer: `passes` is anything but 401 and 403. */
const expected = (access: Access, role: Role, name: string): 401 | 403 | 'passes' => {
  const beyond = BEYOND_THE_DOOR[name]?.[role];
  if (beyond) return beyond;
  if (access === 'anyone') return 'passes';
  if (role === 'anonymous') return 401;
  if (access === 'signed in' || role === ADMIN_GROUP) return 'passes';
  return access.includes(role as GroupName) ? 'passes' : 403;
};

it('documents who may call every route, and every route answers each role as documented', async () => {
  const ops = await operations();
  expect(ops.length).toBeGreaterThan(150);
  const undocumented = ops.filter((op) => op.access === undefined).map((op) => `${op.method} ${op.path}`);
  expect(undocumented).toEqual([]);
  const wrong: string[] = [];
  for (const op of ops) {
    const url = op.path.replace(/\{[^}]+\}/g, '999999');
    const name = `${op.method} ${op.path}`;
    const body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {};
    for (const role of ROLES) {
      const res = await sendAs(
        matrix(),
        role,
        { method: op.method as 'GET', url, ...body },
        op.path.endsWith('/logout/'),
      );
      const want = expected(op.access, role, name);
      const door = res.statusCode === 401 || res.statusCode === 403;
      if (want === 'passes' ? door : res.statusCode !== want)
        wrong.push(`${name} as ${role}: ${res.statusCode}, the document says ${want} (${JSON.stringify(op.access)})`);
    }
  }
  expect(wrong).toEqual([]);
  const names = new Set(ops.map((op) => `${op.method} ${op.path}`));
  expect(Object.keys(BEYOND_THE_DOOR).filter((name) => !names.has(name))).toEqual([]);
}, 120_000);

it('says in the document which groups may call a restricted route', async () => {
  const ops = await operations();
  const find = (method: string, path: string) => ops.find((op) => op.method === method && op.path === path)?.access;
  expect(find('POST', '/api/banks/')).toEqual(['Admin']);
  expect(find('GET', '/api/banks/')).toBe('signed in');
  expect(find('GET', '/api/health/')).toBe('anyone');
});
