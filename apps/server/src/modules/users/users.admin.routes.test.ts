import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, employees, locations, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { signInChoosingOwn } from '../../test/agents';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let receptionist: Agent;
let adminId: number;
let pasig: number;
let taguig: number;

const PASSWORD = 'quiet harbor lamp';

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  receptionist = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
  const location = async (name: string) =>
    (
      await admin.request({
        method: 'POST',
        url: '/api/locations/',
        payload: { name, opening_time: '09:00', closing_time: '21:00' },
      })
    ).json().id as number;
  pasig = await location('Users Test Pasig');
  taguig = await location('Users Test Taguig');
});
afterAll(async () => {
  await ctx?.close();
});

const createUser = async (overrides: Record<string, unknown>) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/users/',
    payload: { password: PASSWORD, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; username: string };
};

describe('POST /api/users/', () => {
  it('creates an account with groups and workplaces; the person can sign in', async () => {
    // Sent as they are and read back as they were sent.
    const person = { username: 'Carlo.M', first_name: 'Carlo', last_name: 'Mendoza', email: 'carlo@ginhawa.example' };
    const res = await admin.request({
      method: 'POST',
      url: '/api/users/',
      payload: { ...person, password: PASSWORD, groups: ['Manager', 'Manager'], locations: [taguig, pasig] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ...person,
      id: expect.any(Number),
      avatar: null,
      is_active: true,
      groups: ['Manager'],
      locations: [pasig, taguig],
      location_names: ['Users Test Pasig', 'Users Test Taguig'],
      last_login: null,
      date_joined: expect.any(String),
      // Set by the Admin: Carlo still has to choose his own (decision 0017).
      must_change_password: true,
    });
    const agent = await login(ctx.app, 'carlo.m', PASSWORD);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).json().groups).toEqual(['Manager']);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'users'), eq(auditLog.rowId, String(res.json().id)), eq(auditLog.action, 'create')),
      );
    expect(entry!.actorId).toBe(adminId);
    expect(entry!.after).toMatchObject({ username: 'Carlo.M', groups: ['Manager'] });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|quiet harbor/);
  });

  it('refuses a username that exists in any case with 409', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users/',
      payload: { username: 'THERAPIST', password: PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A user with this username already exists.',
      errors: { username: ['A user with this username already exists.'] },
    });
  });

  it('explains every bad field', async () => {
    const empty = await admin.request({ method: 'POST', url: '/api/users/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const cases: [Record<string, unknown>, string, string[]][] = [
      [{ username: 'has space' }, 'username', ['Use letters, digits and . _ @ + - only.']],
      [{ password: 'short' }, 'password', ['Use at least 10 characters.']],
      [{ password: 'welcome123' }, 'password', ['This password is too common. Choose a less predictable one.']],
      [
        { username: 'maria.santos', password: 'maria.santos-pw' },
        'password',
        ['The password must not contain the username.'],
      ],
      [{ email: 'nope' }, 'email', ['Enter a valid email address, or leave it blank.']],
      [{ groups: ['Owner'] }, 'groups.0', ['Choose from Admin, Manager, Salesperson, Therapist, Receptionist.']],
      [{ groups: 'Admin' }, 'groups', ['Send a list of group names.']],
      [{ locations: [999999] }, 'locations', ['No such location: 999999.']],
      [{ first_name: 'x'.repeat(101) }, 'first_name', ['At most 100 characters.']],
    ];
    for (const [overrides, field, messages] of cases) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/users/',
        payload: { username: 'bad.case', password: PASSWORD, ...overrides },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toEqual(messages);
    }
    const [none] = await ctx.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) in ('bad.case', 'maria.santos')`);
    expect(none).toBeUndefined();
  });

  it('is for admins only', async () => {
    expect(
      (
        await manager.request({
          method: 'POST',
          url: '/api/users/',
          payload: { username: 'by.manager', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await receptionist.request({
          method: 'POST',
          url: '/api/users/',
          payload: { username: 'by.reception', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/users/ and /api/users/groups/', () => {
  it('pages, searches and filters for Admins and Managers, never exposing passwords', async () => {
    await createUser({
      username: 'find.alpha',
      first_name: 'Findable',
      last_name: 'Alpha',
      groups: ['Therapist'],
      locations: [pasig],
    });
    await createUser({
      username: 'find.bravo',
      first_name: 'Findable',
      last_name: 'Bravo',
      groups: ['Salesperson'],
      locations: [taguig],
    });
    const off = await createUser({
      username: 'find.charlie',
      first_name: 'Findable',
      last_name: 'Charlie',
      groups: ['Therapist'],
    });
    await admin.request({ method: 'PATCH', url: `/api/users/${off.id}/`, payload: { is_active: false } });

    const res = await manager.request({ method: 'GET', url: '/api/users/?search=findable&pageSize=2' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(3);
    expect(page.results.map((u: { username: string }) => u.username)).toEqual(['find.alpha', 'find.bravo']);
    expect(page.next).toBe('/api/users/?search=findable&pageSize=2&page=2');
    expect(res.body).not.toMatch(/password|argon2/i);
    const therapists = (
      await admin.request({ method: 'GET', url: '/api/users/?search=findable&group=Therapist&is_active=true' })
    ).json();
    expect(therapists.results.map((u: { username: string }) => u.username)).toEqual(['find.alpha']);
    const atTaguig = (await admin.request({ method: 'GET', url: `/api/users/?location=${taguig}&search=find` })).json();
    expect(atTaguig.results.map((u: { username: string }) => u.username)).toEqual(['find.bravo']);
    const fullName = (
      await admin.request({ method: 'GET', url: `/api/users/?search=${encodeURIComponent('findable charlie')}` })
    ).json();
    expect(fullName.results.map((u: { username: string }) => u.username)).toEqual(['find.charlie']);
    const ordered = (
      await admin.request({ method: 'GET', url: '/api/users/?search=findable&ordering=-last_name' })
    ).json();
    expect(ordered.results.map((u: { last_name: string }) => u.last_name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    const bad = await admin.request({ method: 'GET', url: '/api/users/?group=Owner&ordering=password_hash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.group).toEqual(['Choose from Admin, Manager, Salesperson, Therapist, Receptionist.']);
    const badOrdering = await admin.request({ method: 'GET', url: '/api/users/?ordering=password_hash' });
    expect(badOrdering.json().errors.ordering).toEqual([
      'Order by one of: username, first_name, last_name, email, is_active, last_login, date_joined, id.',
    ]);
  });

  it('lists the groups with their active members', async () => {
    const res = await manager.request({ method: 'GET', url: '/api/users/groups/' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string; user_count: number }[];
    expect(list.map((g) => g.name)).toEqual(['Admin', 'Manager', 'Salesperson', 'Therapist', 'Receptionist']);
    const [count] = await ctx.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from user_groups ug join groups g on g.id = ug.group_id join users u on u.id = ug.user_id where g.name = 'Therapist' and u.is_active`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(list.find((g) => g.name === 'Therapist')!.user_count).toBe(Number(count!.n));
    expect(list.find((g) => g.name === 'Admin')!.user_count).toBeGreaterThanOrEqual(1);
  });

  it('is not for staff or strangers', async () => {
    for (const url of ['/api/users/', '/api/users/groups/', `/api/users/${adminId}/`]) {
      const staff = await receptionist.request({ method: 'GET', url });
      expect(staff.statusCode, url).toBe(403);
      expect(staff.json()).toEqual({ message: 'You do not have permission to do this.' });
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('reads one user, 404 for an unknown one', async () => {
    const one = await manager.request({ method: 'GET', url: `/api/users/${adminId}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ username: 'admin', groups: ['Admin'], is_active: true });
    const missing = await manager.request({ method: 'GET', url: '/api/users/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such user.' });
  });
});

describe('PUT /api/users/{id}/', () => {
  it('changes details, groups and workplaces, and audits before and after', async () => {
    const user = await createUser({ username: 'edit.me', groups: ['Therapist'], locations: [pasig] });
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      payload: {
        username: 'edited.me',
        first_name: 'Edited',
        groups: ['Receptionist', 'Manager'],
        locations: [taguig],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'edited.me',
      first_name: 'Edited',
      groups: ['Manager', 'Receptionist'],
      locations: [taguig],
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'users'), eq(auditLog.rowId, String(user.id)), eq(auditLog.action, 'update')));
    expect(entry!.before).toMatchObject({ username: 'edit.me', groups: ['Therapist'], locations: [pasig] });
    expect(entry!.after).toMatchObject({
      username: 'edited.me',
      groups: ['Manager', 'Receptionist'],
      locations: [taguig],
    });
    // Sending nothing changes nothing.
    const same = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}/`, payload: {} });
    expect(same.json()).toMatchObject({ username: 'edited.me', groups: ['Manager', 'Receptionist'] });
  });

  it('deactivating signs the person out everywhere', async () => {
    await createUser({ username: 'signed.in' });
    const agent = await login(ctx.app, 'signed.in', PASSWORD);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'signed.in'));
    const res = await admin.request({ method: 'PATCH', url: `/api/users/${row!.id}/`, payload: { is_active: false } });
    expect(res.json().is_active).toBe(false);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
  });

  it('refuses a taken username, bad fields, and an admin demoting or switching off themselves', async () => {
    const user = await createUser({ username: 'clash.me' });
    const clash = await admin.request({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      payload: { username: 'Manager' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ username: ['A user with this username already exists.'] });
    const badEmail = await admin.request({ method: 'PATCH', url: `/api/users/${user.id}/`, payload: { email: 'at@' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual({ email: ['Enter a valid email address, or leave it blank.'] });
    const badLocation = await admin.request({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      payload: { locations: [pasig, 999998] },
    });
    expect(badLocation.json().errors).toEqual({ locations: ['No such location: 999998.'] });
    const selfOff = await admin.request({
      method: 'PATCH',
      url: `/api/users/${adminId}/`,
      payload: { is_active: false },
    });
    expect(selfOff.statusCode).toBe(409);
    expect(selfOff.json()).toEqual({ message: 'You cannot deactivate your own account.' });
    const selfDemote = await admin.request({
      method: 'PATCH',
      url: `/api/users/${adminId}/`,
      payload: { groups: ['Manager'] },
    });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json()).toEqual({ message: 'You cannot remove yourself from the Admin group.' });
    const [me] = await ctx.database.db.select().from(users).where(eq(users.id, adminId));
    expect(me!.isActive).toBe(true);
    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/users/999999/',
      payload: { first_name: 'Ghost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such user.' });
    expect(
      (await manager.request({ method: 'PATCH', url: `/api/users/${user.id}/`, payload: { first_name: 'X' } }))
        .statusCode,
    ).toBe(403);
  });

  it('gives no one an inactive location, but keeps one a user held before it closed', async () => {
    const [closed] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Users Test Closed', openingTime: '09:00', closingTime: '21:00', isActive: false })
      .returning({ id: locations.id });
    const refusal = { locations: ['Users Test Closed is inactive. Choose an active location.'] };
    const created = await admin.request({
      method: 'POST',
      url: '/api/users/',
      payload: { username: 'closed.branch', password: PASSWORD, locations: [pasig, closed!.id] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual(refusal);
    const user = await createUser({ username: 'kept.branch', locations: [taguig] });
    const given = await admin.request({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      payload: { locations: [taguig, closed!.id] },
    });
    expect(given.statusCode).toBe(400);
    expect(given.json().errors).toEqual(refusal);
    // Taguig closes after it was given: an edit that resends it still saves.
    await ctx.database.db.update(locations).set({ isActive: false }).where(eq(locations.id, taguig));
    const resent = await admin.request({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      payload: { first_name: 'Kept', locations: [taguig] },
    });
    await ctx.database.db.update(locations).set({ isActive: true }).where(eq(locations.id, taguig));
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ first_name: 'Kept', locations: [taguig] });
  });

  it('another admin may be promoted, and may then manage the first', async () => {
    const second = await createUser({ username: 'second.admin', groups: ['Admin'] });
    const agent = await signInChoosingOwn(ctx.app, 'second.admin', PASSWORD, 'second admin own phrase');
    const res = await agent.request({
      method: 'PATCH',
      url: `/api/users/${adminId}/`,
      payload: { last_name: 'Administrator' },
    });
    expect(res.statusCode).toBe(200);
    const demoted = await admin.request({ method: 'PATCH', url: `/api/users/${second.id}/`, payload: { groups: [] } });
    expect(demoted.json().groups).toEqual([]);
    expect(
      (await agent.request({ method: 'PATCH', url: `/api/users/${adminId}/`, payload: { last_name: 'X' } })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/users/{id}/ (replace)', () => {
  it('needs every field but the password; a partial body is a 400', async () => {
    const user = await createUser({ username: 'replace.me', first_name: 'Old', groups: ['Receptionist'] });
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/users/${user.id}/`,
      payload: { first_name: 'Only' },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual({ username: ['This field is required.'] });
    const full = await admin.request({
      method: 'PUT',
      url: `/api/users/${user.id}/`,
      payload: { username: 'replace.me', first_name: 'New' },
    });
    expect(full.statusCode, full.body).toBe(200);
    // Replaced: what was not sent takes its default (no groups, no workplaces).
    expect(full.json()).toMatchObject({ first_name: 'New', last_name: '', groups: [], locations: [] });
  });
});

describe('DELETE /api/users/{id}/', () => {
  it('deletes an account that never did anything', async () => {
    const user = await createUser({ username: 'never.used' });
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${user.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted', message: 'User “never.used” deleted.' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toBeUndefined();
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'users'), eq(auditLog.rowId, String(user.id)), eq(auditLog.action, 'delete')));
    expect(entry!.before).toMatchObject({ username: 'never.used' });
  });

  it('deactivates someone who signed in, then refuses a second delete', async () => {
    const user = await createUser({ username: 'has.history' });
    const agent = await login(ctx.app, 'has.history', PASSWORD);
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${user.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'deactivated',
      message: 'User “has.history” has a history, so it was deactivated instead of deleted.',
    });
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    const again = await admin.request({ method: 'DELETE', url: `/api/users/${user.id}/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'User “has.history” has a history and is already inactive, so it cannot be deleted.',
    });
  });

  it('deactivates an account an employee record points at', async () => {
    const user = await createUser({ username: 'linked.login' });
    await ctx.database.db.insert(employees).values({
      kind: 'therapist',
      userId: user.id,
      firstName: 'Linked',
      lastName: 'Login',
      employeeCode: 'USR-LINK',
      locationId: pasig,
      hireDate: '2024-05-01',
    });
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${user.id}/` });
    expect(res.json().result).toBe('deactivated');
  });

  it('refuses to delete oneself, unknown users, and non-admins', async () => {
    const self = await admin.request({ method: 'DELETE', url: `/api/users/${adminId}/` });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account.' });
    const missing = await admin.request({ method: 'DELETE', url: '/api/users/999999/' });
    expect(missing.statusCode).toBe(404);
    const user = await createUser({ username: 'protected.user' });
    expect((await manager.request({ method: 'DELETE', url: `/api/users/${user.id}/` })).statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isActive).toBe(true);
  });
});

describe('POST /api/users/{id}/update_password/ for a new account', () => {
  it('an admin sets a password that must pass the rules; the person signs in with it', async () => {
    const user = await createUser({ username: 'reset.me' });
    const weak = await admin.request({
      method: 'POST',
      url: `/api/users/${user.id}/update_password/`,
      payload: { new_password: 'reset.me.please' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password).toEqual(['The password must not contain the username.']);
    const ok = await admin.request({
      method: 'POST',
      url: `/api/users/${user.id}/update_password/`,
      payload: { new_password: 'brand new lantern' },
    });
    expect(ok.statusCode).toBe(200);
    await login(ctx.app, 'reset.me', 'brand new lantern');
  });
});

describe('what a Manager reads of accounts (issue 23)', () => {
  const DIRECTORY_KEYS = [
    'avatar',
    'first_name',
    'groups',
    'id',
    'is_active',
    'last_name',
    'location_names',
    'locations',
    'username',
  ];

  it('a Manager gets the directory view of others, the whole record of themselves; an Admin everything', async () => {
    const other = await manager.request({ method: 'GET', url: `/api/users/${adminId}/` });
    expect(other.statusCode).toBe(200);
    expect(Object.keys(other.json()).sort()).toEqual(DIRECTORY_KEYS);
    const list = await manager.request({ method: 'GET', url: '/api/users/?pageSize=500' });
    expect(list.statusCode).toBe(200);
    const rows = list.json().results as Record<string, unknown>[];
    const me = rows.find((r) => r.username === 'manager')!;
    expect(me).toHaveProperty('email');
    expect(me).toHaveProperty('last_login');
    for (const row of rows.filter((r) => r.username !== 'manager'))
      expect(Object.keys(row).sort(), String(row.username)).toEqual(DIRECTORY_KEYS);
    const full = await admin.request({ method: 'GET', url: `/api/users/${adminId}/` });
    expect(full.json()).toHaveProperty('email');
    expect(full.json()).toHaveProperty('date_joined');
  });

  it('a Manager may neither sort nor search by what the directory hides', async () => {
    const sorted = await manager.request({ method: 'GET', url: '/api/users/?ordering=-last_login' });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors.ordering[0]).toMatch(/Order by one of: username/);
    const [row] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.username, 'admin'));
    expect(row!.email).not.toBe('');
    const byEmail = await manager.request({
      method: 'GET',
      url: `/api/users/?search=${encodeURIComponent(row!.email)}`,
    });
    expect(byEmail.json().count).toBe(0);
    const asAdmin = await admin.request({ method: 'GET', url: `/api/users/?search=${encodeURIComponent(row!.email)}` });
    expect(asAdmin.json().count).toBe(1);
  });
});
