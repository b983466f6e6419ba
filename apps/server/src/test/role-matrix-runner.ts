import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ROLE_CREDENTIALS, buildTestApp, login, type Agent, type TestContext } from './build';
import { signInEveryRole, type StaffRole } from './agents';
import { ROLES, adminOnly, signedIn, type Expect, type Role } from './role-matrix';

/**
 * How every role-matrix test runs: rows (one route, the request each caller sends, the status each
 * must get), the app they run against, a test per row and caller, and the check that the rows
 * cover the routes the app registers.
 */

/** One route in a matrix: the request each caller sends and the status each must get. */
export type MatrixRow<T> = {
  name: string;
  request: (role: Role, t: T) => InjectOptions;
  expect: Expect;
  /** The message of a 403 when it is not the usual one. */
  forbidden?: string;
  /** The message of a 400 or 401 when it is not the usual one. */
  error?: string;
  /** The one status `error` belongs to, when the other refusals (401, 403) read as usual. */
  errorStatus?: number;
  /** Signed-in callers use a throwaway session of their own (for sign-out). */
  throwaway?: boolean;
};

/**
 * A row whose request is the same whoever sends it: `METHOD path` below /api, with a fixed body when
 * it takes one.
 */
export const sameForAll = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  expect: Expect,
  extra: { payload?: object; throwaway?: boolean } = {},
): MatrixRow<T> => ({
  name: `${method} ${path}`,
  request: () => ({ method, url: `/api${path}`, ...(extra.payload ? { payload: extra.payload } : {}) }),
  expect,
  ...(extra.throwaway ? { throwaway: true } : {}),
});

type Writer<T> = (role: Role, t: T) => object;

/**
 * The six rows of a plain resource at `path` (`/locations/`): list and read for `read` (any
 * signed-in person unless told), create, replace, change and delete for Admins only. `id` is the
 * row the caller reads and writes, `doomedId` the one only its delete removes.
 */
export const crudRows = <T>(
  path: string,
  spec: {
    id: (role: Role, t: T) => number;
    doomedId: (role: Role, t: T) => number;
    create: Writer<T>;
    replace: Writer<T>;
    change: Writer<T>;
    read?: Expect;
  },
): MatrixRow<T>[] => {
  const url = `/api${path}`;
  const read = spec.read ?? signedIn(200);
  const one = (role: Role, t: T, id = spec.id) => `${url}${id(role, t)}/`;
  return [
    sameForAll<T>('GET', path, read),
    {
      name: `POST ${path}`,
      request: (r, t) => ({ method: 'POST', url, payload: spec.create(r, t) }),
      expect: adminOnly(201),
    },
    { name: `GET ${path}{id}/`, request: (r, t) => ({ method: 'GET', url: one(r, t) }), expect: read },
    {
      name: `PUT ${path}{id}/`,
      request: (r, t) => ({ method: 'PUT', url: one(r, t), payload: spec.replace(r, t) }),
      expect: adminOnly(200),
    },
    {
      name: `PATCH ${path}{id}/`,
      request: (r, t) => ({ method: 'PATCH', url: one(r, t), payload: spec.change(r, t) }),
      expect: adminOnly(200),
    },
    {
      name: `DELETE ${path}{id}/`,
      request: (r, t) => ({ method: 'DELETE', url: one(r, t, spec.doomedId) }),
      expect: adminOnly(200),
    },
  ];
};

/** What a matrix test needs once its beforeAll has run. */
export type MatrixRun<T> = { app: FastifyInstance; agents: Record<StaffRole, Agent>; targets: T };

/** What a matrix's `prepare` gets: the sessions, and a POST as Admin that insists on 201 and returns the body. */
export type MatrixSetup = {
  app: FastifyInstance;
  agents: Record<StaffRole, Agent>;
  make: <R extends object = { id: number }>(url: string, payload: object) => Promise<R & { id: number }>;
};

/**
 * Starts the app before the file's tests with one session per role and builds the rows' targets
 * with `prepare`; closes it after. Returns what the rows run against.
 */
export const startMatrix = <T>(prepare: (setup: MatrixSetup) => Promise<T>): (() => MatrixRun<T>) => {
  let ctx: TestContext | undefined;
  let run: MatrixRun<T> | undefined;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const app = ctx.app;
    const agents = await signInEveryRole(app);
    const make = async <R extends object>(url: string, payload: object) => {
      const res = await agents.Admin.request({ method: 'POST', url, payload });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as R & { id: number };
    };
    run = { app, agents, targets: await prepare({ app, agents, make }) };
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return () => {
    if (!run) throw new Error('the matrix app has not started');
    return run;
  };
};

/** Sends as `role`: anonymous without a session, a throwaway caller in a session of its own. */
export const sendAs = async <T>(run: MatrixRun<T>, role: Role, options: InjectOptions, throwaway = false) => {
  if (role === 'anonymous') return run.app.inject(options);
  const [username, password] = ROLE_CREDENTIALS[role];
  const agent = throwaway ? await login(run.app, username, password) : run.agents[role];
  return agent.request(options);
};

/**
 * A test per row and caller: exactly the row's status, and a refusal in the usual words (or the
 * row's own). Admin is the last caller, so a delete it performs does not change what the others see.
 */
export const describeMatrix = <T>(rows: MatrixRow<T>[], run: () => MatrixRun<T>) =>
  describe.each(rows)('$name', (row) => {
    it.each(ROLES)('%s', async (role) => {
      const current = run();
      const res = await sendAs(current, role, row.request(role, current.targets), row.throwaway);
      expect(res.statusCode, res.body).toBe(row.expect[role]);
      if (res.statusCode >= 400) {
        const usual =
          res.statusCode === 401
            ? 'Please sign in to continue.'
            : res.statusCode === 403
              ? (row.forbidden ?? 'You do not have permission to do this.')
              : undefined;
        const own = row.errorStatus === undefined || row.errorStatus === res.statusCode;
        expect(res.json().message).toBe((own ? row.error : undefined) ?? usual);
      }
    });
  });

/** Sign-in and own-session routes: the catalogue matrix covers them, the administration matrix leaves them out. */
const AUTH_PATHS = new Set([
  '/users/my_data/',
  '/users/my_groups/',
  '/users/login/',
  '/users/logout/',
  '/users/token/',
  '/users/token/refresh/',
]);

/**
 * Every route the app documents below `prefixes` (and, when `authRoutes` is 'covered', the
 * sign-in and own-session routes; when 'left out', without them) has a row, and every row is a
 * real route.
 */
export const expectRowsCoverRoutes = async (
  app: FastifyInstance,
  rows: { name: string }[],
  { prefixes, authRoutes }: { prefixes: string[]; authRoutes: 'covered' | 'left out' },
) => {
  const include = (path: string) =>
    authRoutes === 'covered'
      ? prefixes.some((p) => path.startsWith(p)) || AUTH_PATHS.has(path)
      : prefixes.some((p) => path.startsWith(p)) && !AUTH_PATHS.has(path);
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const registered = Object.entries(doc.paths)
    .map(([path, ops]) => [path.replace(/^\/api/, ''), Object.keys(ops)] as const)
    .filter(([path]) => include(path))
    .flatMap(([path, methods]) => methods.filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${path}`));
  // A row's name without its note in brackets is the route it calls.
  const covered = new Set(rows.map((r) => r.name.split(' (')[0]!));
  expect(registered.sort()).toEqual([...covered].sort());
};
