import type { FastifyInstance } from 'fastify';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  ROLE_CREDENTIALS,
  buildTestApp,
  login,
  type Agent,
  type TestContext,
} from './build';

/**
 * Signing in the seeded people, one way for every test file: the admin has a password of its own,
 * every demo user the demo one.
 */
export const signIn = (app: FastifyInstance, username: string, remoteAddress?: string) =>
  login(app, username, username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD, remoteAddress);

/** A role-matrix caller that signs in (every role but anonymous). */
export type StaffRole = keyof typeof ROLE_CREDENTIALS;

/** One long-lived session per group, each signed in as that group's demo user (test/build.ts ROLE_CREDENTIALS). */
export const signInEveryRole = async (app: FastifyInstance): Promise<Record<StaffRole, Agent>> => {
  const agents = {} as Record<StaffRole, Agent>;
  for (const role of Object.keys(ROLE_CREDENTIALS) as StaffRole[]) {
    const [username, password] = ROLE_CREDENTIALS[role];
    agents[role] = await login(app, username, password);
  }
  return agents;
};

/** Starts the app for one test file and signs in the named seeded users (close `ctx` after). */
export const startSignedIn = async <const N extends string>(
  ...usernames: N[]
): Promise<{ ctx: TestContext } & Record<N, Agent>> => {
  const ctx = await buildTestApp();
  const agents = {} as Record<N, Agent>;
  for (const name of usernames) agents[name] = await signIn(ctx.app, name);
  return { ...agents, ctx };
};

/**
 * A login an Admin made signs in with the Admin's password and must choose its own first
 * (decision 0017): signs in, changes it to `own`, and answers a session signed in with that.
 */
export const signInChoosingOwn = async (app: FastifyInstance, username: string, given: string, own: string) => {
  const first = await login(app, username, given);
  const me = (await first.request({ method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
  const changed = await first.request({
    method: 'POST',
    url: `/api/users/${me.id}/update_password/`,
    payload: { old_password: given, new_password: own },
  });
  if (changed.statusCode !== 200) throw new Error(`${username} could not choose a password: ${changed.body}`);
  return login(app, username, own);
};
