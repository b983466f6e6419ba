import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, notLike } from 'drizzle-orm';
import { locations, users } from '../../db/schema/index';
import { openMigratedPglite } from '../../test/database';
import { seedDatabase } from '../../db/seed';
import { buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { connectSocket } from '../../test/ws-client';

/** A password someone else set is replaced by the person's own before anything else (decision 0017). */

const GIVEN = 'the admins pick 2026';
const OWN = 'my own quiet garden';
const CHOOSE_FIRST = {
  message: 'Choose a new password before you go on.',
  errors: { new_password: ['Your password was set by someone else. Choose your own to use the panel.'] },
};

let ctx: TestContext;
let admin: Agent;
let makati: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await signIn(ctx.app, 'admin');
  const [location] = await ctx.database.db.select({ id: locations.id }).from(locations).limit(1);
  makati = location!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const flagOf = async (id: number) => {
  const [row] = await ctx.database.db.select({ flag: users.mustChangePassword }).from(users).where(eq(users.id, id));
  return row?.flag;
};

const createLogin = async (username: string) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/users/',
    payload: { username, password: GIVEN, groups: ['Receptionist'], locations: [makati] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

const changeOwn = (agent: Agent, id: number, oldPassword: string, newPassword: string) =>
  agent.request({
    method: 'POST',
    url: `/api/users/${id}/update_password/`,
    payload: { old_password: oldPassword, new_password: newPassword },
  });

describe('a login an Admin created', () => {
  it('signs in with the flag; only who-am-I, the own change and sign-out answer until it is changed', async () => {
    const { id } = await createLogin('first.pw.lea');
    expect(await flagOf(id)).toBe(true);
    const lea = await login(ctx.app, 'first.pw.lea', GIVEN);

    const me = await lea.request({ method: 'GET', url: '/api/users/my_data/' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id, username: 'first.pw.lea', must_change_password: true });
    expect((await lea.request({ method: 'GET', url: '/api/users/my_groups/' })).json()).toEqual([
      { id: expect.any(Number), name: 'Receptionist' },
    ]);
    for (const [method, url] of [
      ['GET', '/api/clients/'],
      ['GET', '/api/notifications/'],
      ['GET', `/api/users/${id}/`],
      ['GET', '/api/locations/'],
      ['POST', '/api/clients/'],
      ['POST', `/api/users/${id}/update_avatar/`],
    ] as const) {
      const res = await lea.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, CHOOSE_FIRST]);
    }
    // The live channel is refused at the handshake: nothing to hear before the change.
    await expect(connectSocket(ctx.app, { agent: lea })).rejects.toMatchObject({ statusCode: 403 });

    // Changing it clears the flag; this browser keeps a fresh session that reaches everything it may.
    const changed = await changeOwn(lea, id, GIVEN, OWN);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await flagOf(id)).toBe(false);
    const again = await login(ctx.app, 'first.pw.lea', OWN);
    expect((await again.request({ method: 'GET', url: '/api/users/my_data/' })).json()).toMatchObject({
      must_change_password: false,
    });
    expect((await again.request({ method: 'GET', url: '/api/clients/' })).statusCode).toBe(200);
    const socket = await connectSocket(ctx.app, { agent: again });
    socket.ws.close();
  });

  it('the login answers the flag on sign-in; a bearer token is held to the same rule', async () => {
    await createLogin('first.pw.bea');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'first.pw.bea', password: GIVEN },
    });
    expect(res.json()).toMatchObject({ username: 'first.pw.bea', must_change_password: true });
    const pair = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload: { username: 'first.pw.bea', password: GIVEN },
    });
    const bearer = { authorization: `Bearer ${(pair.json() as { access: string }).access}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/my_data/', headers: bearer })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/clients/', headers: bearer });
    expect([refused.statusCode, refused.json()]).toEqual([403, CHOOSE_FIRST]);
  });

  it('a login made while hiring carries the flag too', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: {
        first_name: 'Rowena',
        last_name: 'Flag',
        location: makati,
        hire_date: '2026-11-02',
        account: { username: 'first.pw.rowena', password: GIVEN },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await flagOf((res.json() as { user: number }).user)).toBe(true);
  });
});

describe('resetting and changing passwords', () => {
  it("an Admin's reset sets the flag again; the person's own change does not", async () => {
    const { id } = await createLogin('first.pw.carlo');
    const carlo = await login(ctx.app, 'first.pw.carlo', GIVEN);
    expect((await changeOwn(carlo, id, GIVEN, OWN)).statusCode).toBe(200);
    expect(await flagOf(id)).toBe(false);

    const own = await login(ctx.app, 'first.pw.carlo', OWN);
    expect((await changeOwn(own, id, OWN, 'another own phrase here')).statusCode).toBe(200);
    expect(await flagOf(id)).toBe(false);

    const reset = await admin.request({
      method: 'POST',
      url: `/api/users/${id}/update_password/`,
      payload: { new_password: 'reset by the admin 42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await flagOf(id)).toBe(true);
    const afterReset = await login(ctx.app, 'first.pw.carlo', 'reset by the admin 42');
    expect((await afterReset.request({ method: 'GET', url: '/api/locations/' })).statusCode).toBe(403);
    // Signing out is always open.
    expect((await afterReset.request({ method: 'POST', url: '/api/users/logout/' })).statusCode).toBe(200);
    expect((await afterReset.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
  });

  it("the Admin's Users list and the account say who still has to choose their own; a Manager is not told", async () => {
    const { id } = await createLogin('first.pw.nina');
    const listed = async (agent: Agent) => {
      const res = await agent.request({ method: 'GET', url: '/api/users/?search=first.pw.nina' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: Record<string, unknown>[] }).results[0];
    };
    expect((await listed(admin))?.must_change_password).toBe(true);
    const read = await admin.request({ method: 'GET', url: `/api/users/${id}/` });
    expect(read.json().must_change_password).toBe(true);
    const manager = await signIn(ctx.app, 'manager');
    const directory = await listed(manager);
    expect(directory?.username).toBe('first.pw.nina');
    expect(directory).not.toHaveProperty('must_change_password');

    const nina = await login(ctx.app, 'first.pw.nina', GIVEN);
    expect((await changeOwn(nina, id, GIVEN, OWN)).statusCode).toBe(200);
    expect((await listed(admin))?.must_change_password).toBe(false);
  });

  it("a demo database's people start unflagged: the demo and its journeys sign in as they are", async () => {
    for (const username of ['admin', 'manager', 'salesperson', 'therapist', 'receptionist']) {
      const agent = await signIn(ctx.app, username);
      expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).json()).toMatchObject({
        username,
        must_change_password: false,
      });
    }
    // Every login the demo seed made (the demo staff's too), not only the five above.
    const seeded = await ctx.database.db
      .select({ flag: users.mustChangePassword })
      .from(users)
      .where(notLike(users.username, 'first.pw.%'));
    expect(seeded.length).toBeGreaterThan(5);
    expect(seeded.filter((r) => r.flag)).toEqual([]);
  });

  it('an Admin who must still choose their own sets nobody else’s password', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/users/',
      payload: { username: 'first.pw.boss', password: GIVEN, groups: ['Admin'] },
    });
    const boss = await login(ctx.app, 'first.pw.boss', GIVEN);
    const { id } = await createLogin('first.pw.target');
    const refused = await boss.request({
      method: 'POST',
      url: `/api/users/${id}/update_password/`,
      payload: { new_password: 'boss picked this one' },
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, CHOOSE_FIRST]);
    expect((await login(ctx.app, 'first.pw.target', GIVEN)).sessionId).toBeTruthy();
    expect((await changeOwn(boss, (created.json() as { id: number }).id, GIVEN, OWN)).statusCode).toBe(200);
  });
});

describe('the first Admin (seed)', () => {
  it("a real business's first Admin chooses their own (ADMIN_PASSWORD stays in the settings)", async () => {
    const database = await openMigratedPglite();
    try {
      await seedDatabase(database.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      const rows = await database.db.select({ username: users.username, flag: users.mustChangePassword }).from(users);
      expect(rows).toEqual([{ username: 'admin', flag: true }]);
    } finally {
      await database.close();
    }
  });
});
