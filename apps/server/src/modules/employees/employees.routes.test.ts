import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, employees, groups, userGroups, userLocations, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { insertReservation } from '../../test/reservations';
import { signInChoosingOwn } from '../../test/agents';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let therapist: Agent;
let makati: number;
let quezon: number;
let closed: number;

const HIRE_PASSWORD = 'serene lotus 2024';

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  therapist = await login(ctx.app, 'therapist', DEMO_PASSWORD);
  const location = async (name: string) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: { name, opening_time: '10:00', closing_time: '22:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  makati = await location('Emp Test Makati');
  quezon = await location('Emp Test Quezon City');
  closed = await location('Emp Test Closed');
  await admin.request({ method: 'PATCH', url: `/api/locations/${closed}/`, payload: { is_active: false } });
});
afterAll(async () => {
  await ctx?.close();
});

const person = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Liza',
  last_name: 'Soriano',
  phone: '0917 123 4567',
  location: makati,
  hire_date: '2025-03-01',
  ...overrides,
});

const hire = async (path: string, overrides: Record<string, unknown> = {}) => {
  const res = await admin.request({ method: 'POST', url: `/api/${path}/`, payload: person(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; user: number | null; employee_code: string; location: number };
};

const userByName = async (username: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
};
const groupsOf = async (userId: number) =>
  (
    await ctx.database.db
      .select({ name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, userId))
  ).map((g) => g.name);
const locationsOf = async (userId: number) =>
  (
    await ctx.database.db
      .select({ id: userLocations.locationId })
      .from(userLocations)
      .where(eq(userLocations.userId, userId))
  )
    .map((l) => l.id)
    .sort();

describe('hiring (POST)', () => {
  it('hires a therapist with a login: user, group, workplace and record in one step', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({
        first_name: 'Rowena',
        last_name: 'Pascual',
        account: { username: 'rowena.p', password: HIRE_PASSWORD, email: 'rowena@ginhawa.example' },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    const user = await userByName('rowena.p');
    expect(created).toEqual({
      id: expect.any(Number),
      kind: 'therapist',
      user: user!.id,
      username: 'rowena.p',
      first_name: 'Rowena',
      last_name: 'Pascual',
      full_name: 'Rowena Pascual',
      employee_code: expect.stringMatching(/^TH-\d{4}$/),
      phone: '+639171234567',
      location: makati,
      location_name: 'Emp Test Makati',
      hire_date: '2025-03-01',
      is_active: true,
      monthly_target: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(user).toMatchObject({
      firstName: 'Rowena',
      lastName: 'Pascual',
      email: 'rowena@ginhawa.example',
      isActive: true,
    });
    expect(await groupsOf(user!.id)).toEqual(['Therapist']);
    expect(await locationsOf(user!.id)).toEqual([makati]);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        sql`(${auditLog.tableName} = 'users' and ${auditLog.rowId} = ${String(user!.id)}) or (${auditLog.tableName} = 'employees' and ${auditLog.rowId} = ${String(created.id)})`,
      );
    expect(audits.map((a) => `${a.tableName}:${a.action}`).sort()).toEqual(['employees:create', 'users:create']);
    expect(JSON.stringify(audits)).not.toContain(HIRE_PASSWORD);
    expect(JSON.stringify(audits)).not.toMatch(/argon2/);

    // The new person signs in, chooses their own password (the Admin chose this one: decision 0017) and is a therapist.
    const first = await login(ctx.app, 'rowena.p', HIRE_PASSWORD);
    expect((await first.request({ method: 'GET', url: '/api/users/my_data/' })).json()).toMatchObject({
      must_change_password: true,
    });
    const agent = await signInChoosingOwn(ctx.app, 'rowena.p', HIRE_PASSWORD, 'rowena chose this one');
    const me = (await agent.request({ method: 'GET', url: '/api/users/my_data/' })).json();
    expect(me).toMatchObject({
      username: 'rowena.p',
      first_name: 'Rowena',
      groups: ['Therapist'],
      must_change_password: false,
    });
    const mine = await agent.request({ method: 'GET', url: `/api/therapists/by-user/${me.id}/` });
    expect(mine.statusCode).toBe(200);
    // Their own record comes in full (the directory view is for colleagues).
    expect(mine.json()).toMatchObject({
      id: created.id,
      phone: '+639171234567',
      username: 'rowena.p',
      hire_date: '2025-03-01',
    });
  });

  it('numbers generated codes after the highest of the kind and keeps given codes upper-case', async () => {
    await hire('receptionists', { employee_code: 'rc-0950' });
    const next = await hire('receptionists', { first_name: 'Jasmine' });
    expect(next.employee_code).toBe('RC-0951');
    const [stored] = await ctx.database.db.select().from(employees).where(eq(employees.employeeCode, 'RC-0950'));
    expect(stored).toBeDefined();
    const dup = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ employee_code: 'Rc-0950' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'Another employee already has this code.',
      errors: { employee_code: ['Another employee already has this code.'] },
    });
  });

  it('gives salespersons a monthly target (0.00 unless given) and nobody else', async () => {
    const none = await hire('salespersons');
    const [row] = await ctx.database.db.select().from(employees).where(eq(employees.id, none.id));
    expect(row!.monthlyTarget).toBe('0.00');
    const res = await admin.request({
      method: 'POST',
      url: '/api/salespersons/',
      payload: person({ monthly_target: 150000.5 }),
    });
    expect(res.json().monthly_target).toBe('150000.50');
    const str = await admin.request({
      method: 'POST',
      url: '/api/salespersons/',
      payload: person({ monthly_target: '0075000' }),
    });
    expect(str.json().monthly_target).toBe('75000.00');
    for (const [value, message] of [
      [-5, 'The target cannot be negative.'],
      ['12.345', 'Enter an amount like 150000.00 (at most 2 decimals).'],
      ['lots', 'Enter an amount like 150000.00 (at most 2 decimals).'],
      ['12345678901', 'Enter an amount like 150000.00 (at most 2 decimals).'],
    ] as const) {
      const bad = await admin.request({
        method: 'POST',
        url: '/api/salespersons/',
        payload: person({ monthly_target: value }),
      });
      expect(bad.statusCode, String(value)).toBe(400);
      expect(bad.json().errors.monthly_target).toEqual([message]);
    }
    const therapistTarget = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ monthly_target: '1000' }),
    });
    expect(therapistTarget.statusCode).toBe(400);
    expect(therapistTarget.json().errors).toEqual({ monthly_target: ['Only salespersons have a monthly target.'] });
  });

  it('lists every missing or malformed field', async () => {
    const empty = await admin.request({ method: 'POST', url: '/api/therapists/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      location: ['Choose a location.'],
      hire_date: ['Enter a date.'],
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '555-0199' }, 'phone', 'Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.'],
      [{ hire_date: '2024-02-30' }, 'hire_date', 'Enter a real date as YYYY-MM-DD.'],
      [{ hire_date: '1969-12-31' }, 'hire_date', 'Enter a date from 1970 onwards.'],
      [{ hire_date: '2999-01-01' }, 'hire_date', 'Enter a date at most a year from today.'],
      [{ employee_code: 'TH 01' }, 'employee_code', 'Use letters, digits and dashes only.'],
      [{ employee_code: 'X'.repeat(21) }, 'employee_code', 'At most 20 characters.'],
      [{ first_name: ' ' }, 'first_name', 'Enter a first name.'],
      [{ last_name: 'y'.repeat(101) }, 'last_name', 'At most 100 characters.'],
      [{ location: 'makati' }, 'location', 'Choose a location.'],
      [{ location: 999999 }, 'location', 'No such location.'],
      [
        { account: { username: 'bad name!', password: HIRE_PASSWORD } },
        'account.username',
        'Use letters, digits and . _ @ + - only.',
      ],
      [{ account: { username: 'short.pw', password: 'short' } }, 'account.password', 'Use at least 10 characters.'],
      [
        { account: { username: 'mail.bad', password: HIRE_PASSWORD, email: 'not-an-email' } },
        'account.email',
        'Enter a valid email address, or leave it blank.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/therapists/',
        payload: person({ first_name: 'Invalid', last_name: 'Case', ...overrides }),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    const inactive = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ location: closed }),
    });
    expect(inactive.json().errors).toEqual({ location: ['This location is inactive. Choose an active one.'] });
    const [none] = await ctx.database.db
      .select()
      .from(employees)
      .where(and(eq(employees.firstName, 'Invalid'), eq(employees.lastName, 'Case')));
    expect(none).toBeUndefined();
  });

  it('creates nothing when the login cannot be made', async () => {
    const taken = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ first_name: 'Nope', account: { username: 'MANAGER', password: HIRE_PASSWORD } }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'A user with this username already exists.',
      errors: { 'account.username': ['A user with this username already exists.'] },
    });
    const weak = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ first_name: 'Nope', account: { username: 'nope.weak', password: 'nope.weak-123' } }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors['account.password']).toEqual(['The password must not contain the username.']);
    const common = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ first_name: 'Nope', account: { username: 'nope.common', password: 'password123' } }),
    });
    expect(common.json().errors['account.password']).toEqual([
      'This password is too common. Choose a less predictable one.',
    ]);
    const both = await admin.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ first_name: 'Nope', user: 1, account: { username: 'nope.both', password: HIRE_PASSWORD } }),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ account: ['Either link an existing user or create a new login, not both.'] });
    expect(await ctx.database.db.select().from(employees).where(eq(employees.firstName, 'Nope'))).toEqual([]);
    expect(await userByName('nope.weak')).toBeUndefined();
    expect(await userByName('nope.common')).toBeUndefined();
  });

  it('rolls the new login back when the record cannot be written', async () => {
    // A code that passes the pre-check but collides inside the transaction (as a concurrent hire would).
    await ctx.database.db
      .execute(sql`create or replace function emp_test_collide() returns trigger language plpgsql as $$
      begin if new.first_name = 'Collide' then raise exception using errcode = '23505', constraint = 'employees_code_idx', message = 'duplicate key value violates unique constraint "employees_code_idx"'; end if; return new; end $$`);
    await ctx.database.db.execute(
      sql`create trigger emp_test_collide before insert on employees for each row execute function emp_test_collide()`,
    );
    try {
      const res = await admin.request({
        method: 'POST',
        url: '/api/therapists/',
        payload: person({ first_name: 'Collide', account: { username: 'collide.user', password: HIRE_PASSWORD } }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ employee_code: ['Another employee already has this code.'] });
      expect(await userByName('collide.user')).toBeUndefined();
    } finally {
      await ctx.database.db.execute(sql`drop trigger emp_test_collide on employees`);
    }
  });

  it('links an existing login instead, adding the group and workplace', async () => {
    const account = await admin.request({
      method: 'POST',
      url: '/api/users/',
      payload: { username: 'link.me', password: HIRE_PASSWORD, first_name: 'Link', last_name: 'Me' },
    });
    const userId = account.json().id as number;
    const created = await hire('salespersons', { user: userId, location: quezon });
    expect(created.user).toBe(userId);
    expect(await groupsOf(userId)).toEqual(['Salesperson']);
    expect(await locationsOf(userId)).toEqual([quezon]);
    const again = await admin.request({ method: 'POST', url: '/api/salespersons/', payload: person({ user: userId }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ user: ['This user already has a salesperson record.'] });
    // One person may hold a record of another kind.
    const alsoTherapist = await hire('therapists', { user: userId, location: quezon });
    expect(alsoTherapist.user).toBe(userId);
    expect((await groupsOf(userId)).sort()).toEqual(['Salesperson', 'Therapist']);
    const missing = await admin.request({ method: 'POST', url: '/api/therapists/', payload: person({ user: 999999 }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ user: ['No such user.'] });
  });

  it('is for admins only', async () => {
    const res = await manager.request({
      method: 'POST',
      url: '/api/therapists/',
      payload: person({ first_name: 'ByManager' }),
    });
    expect(res.statusCode).toBe(403);
    expect((await therapist.request({ method: 'POST', url: '/api/salespersons/', payload: person() })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'POST', url: '/api/receptionists/', payload: person() })).statusCode).toBe(
      401,
    );
  });
});

describe('reading', () => {
  it('keeps the kinds apart and pages, searches, filters and orders on the server', async () => {
    await hire('therapists', { first_name: 'Listy', last_name: 'Alpha', employee_code: 'LST-1', location: makati });
    await hire('therapists', {
      first_name: 'Listy',
      last_name: 'Bravo',
      employee_code: 'LST-2',
      location: quezon,
      phone: '0918 765 4321',
    });
    const gone = await hire('therapists', {
      first_name: 'Listy',
      last_name: 'Charlie',
      employee_code: 'LST-3',
      location: quezon,
    });
    await admin.request({ method: 'PATCH', url: `/api/therapists/${gone.id}/`, payload: { is_active: false } });
    await hire('salespersons', { first_name: 'Listy', last_name: 'Seller', employee_code: 'LST-4' });

    const page = (await therapist.request({ method: 'GET', url: '/api/therapists/?search=listy&pageSize=2' })).json();
    expect(page.count).toBe(3);
    expect(page.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Alpha', 'Bravo']);
    expect(page.next).toBe('/api/therapists/?search=listy&pageSize=2&page=2');
    const sellers = (await therapist.request({ method: 'GET', url: '/api/salespersons/?search=listy' })).json();
    expect(sellers.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Seller']);

    const atQuezon = (
      await therapist.request({ method: 'GET', url: `/api/therapists/?search=listy&location=${quezon}&is_active=true` })
    ).json();
    expect(atQuezon.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Bravo']);
    const byCode = (await therapist.request({ method: 'GET', url: '/api/therapists/?search=lst-3' })).json();
    expect(byCode.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Charlie']);
    const fullName = (
      await therapist.request({ method: 'GET', url: `/api/therapists/?search=${encodeURIComponent('listy bravo')}` })
    ).json();
    expect(fullName.count).toBe(1);
    const byLocation = (
      await therapist.request({ method: 'GET', url: '/api/therapists/?search=listy&ordering=-location_name,last_name' })
    ).json();
    expect(byLocation.results.map((e: { last_name: string }) => e.last_name)).toEqual(['Bravo', 'Charlie', 'Alpha']);
    const noLogin = (
      await therapist.request({ method: 'GET', url: '/api/therapists/?search=listy&has_login=false' })
    ).json();
    expect(noLogin.count).toBe(3);
    const withLogin = (
      await therapist.request({ method: 'GET', url: '/api/therapists/?search=listy&has_login=true' })
    ).json();
    expect(withLogin.count).toBe(0);
  });

  it('gives non-admins the directory entry and lets only Admins search by number or username, or sort by hidden fields', async () => {
    const created = await hire('salespersons', {
      first_name: 'Phoney',
      phone: '0919 000 1122',
      monthly_target: '150000',
      account: { username: 'phoney.sp', password: HIRE_PASSWORD },
    });
    const asAdmin = (await admin.request({ method: 'GET', url: `/api/salespersons/${created.id}/` })).json();
    expect(asAdmin).toMatchObject({ phone: '+639190001122', monthly_target: '150000.00', username: 'phoney.sp' });
    const directory = {
      id: created.id,
      kind: 'salesperson',
      first_name: 'Phoney',
      last_name: 'Soriano',
      full_name: 'Phoney Soriano',
      employee_code: created.employee_code,
      location: makati,
      location_name: 'Emp Test Makati',
      is_active: true,
    };
    for (const agent of [manager, therapist]) {
      expect((await agent.request({ method: 'GET', url: `/api/salespersons/${created.id}/` })).json()).toEqual(
        directory,
      );
      const listed = (await agent.request({ method: 'GET', url: '/api/salespersons/?search=phoney' })).json();
      expect(listed.results).toEqual([directory]);
    }
    expect((await admin.request({ method: 'GET', url: '/api/salespersons/?search=09190001122' })).json().count).toBe(1);
    expect((await admin.request({ method: 'GET', url: '/api/salespersons/?search=phoney.sp' })).json().count).toBe(1);
    for (const search of ['09190001122', 'phoney.sp']) {
      expect((await manager.request({ method: 'GET', url: `/api/salespersons/?search=${search}` })).json().count).toBe(
        0,
      );
    }
    // Sorting by a hidden field would rank people by it.
    for (const ordering of ['monthly_target', '-hire_date', 'last_name,created_at']) {
      const sorted = await therapist.request({ method: 'GET', url: `/api/salespersons/?ordering=${ordering}` });
      expect(sorted.statusCode).toBe(400);
      expect(sorted.json().errors.ordering).toEqual([
        'Order by one of: last_name, first_name, employee_code, location_name, is_active, id.',
      ]);
      expect((await admin.request({ method: 'GET', url: `/api/salespersons/?ordering=${ordering}` })).statusCode).toBe(
        200,
      );
    }
  });

  it('answers unknown ids, other kinds’ ids and bad parameters clearly', async () => {
    const seller = await hire('salespersons', { first_name: 'Kindy' });
    const wrongKind = await therapist.request({ method: 'GET', url: `/api/therapists/${seller.id}/` });
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toEqual({ message: 'No such therapist.' });
    const [noRecord] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const byUser = await therapist.request({ method: 'GET', url: `/api/receptionists/by-user/${noRecord!.id}/` });
    expect(byUser.statusCode).toBe(404);
    expect(byUser.json()).toEqual({ message: 'This user has no receptionist record.' });
    const badUser = await therapist.request({ method: 'GET', url: '/api/receptionists/by-user/me/' });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().errors.user_id).toEqual(['Not a valid id.']);
    const badQuery = await therapist.request({
      method: 'GET',
      url: '/api/therapists/?location=abc&has_login=perhaps&ordering=phone',
    });
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys(badQuery.json().errors).sort()).toEqual(['has_login', 'location', 'ordering']);
    const badOrdering = await therapist.request({ method: 'GET', url: '/api/therapists/?ordering=phone' });
    expect(badOrdering.statusCode).toBe(400);
    expect(badOrdering.json().errors.ordering[0]).toMatch(/^Order by one of: last_name, first_name, employee_code/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/therapists/' })).statusCode).toBe(401);
  });
});

describe('changing a record (PUT)', () => {
  it('updates the fields sent, keeps the login’s name and workplace in step, and audits', async () => {
    const created = await hire('therapists', {
      first_name: 'Movy',
      account: { username: 'movy.t', password: HIRE_PASSWORD },
    });
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${created.id}/`,
      payload: { first_name: 'Moved', location: quezon, phone: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Moved',
      last_name: 'Soriano',
      location: quezon,
      location_name: 'Emp Test Quezon City',
      phone: null,
    });
    const user = await userByName('movy.t');
    expect(user!.firstName).toBe('Moved');
    expect(await locationsOf(user!.id)).toEqual([quezon]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'employees'), eq(auditLog.rowId, String(created.id)), eq(auditLog.action, 'update')),
      );
    expect(entry).toMatchObject({
      before: expect.objectContaining({ first_name: 'Movy', location: makati }),
      after: expect.objectContaining({ first_name: 'Moved', location: quezon }),
    });
  });

  it('deactivating someone ends their login and sessions; reactivating brings it back', async () => {
    const created = await hire('receptionists', {
      first_name: 'Leaving',
      account: { username: 'leaving.r', password: HIRE_PASSWORD },
    });
    const agent = await login(ctx.app, 'leaving.r', HIRE_PASSWORD);
    const off = await admin.request({
      method: 'PATCH',
      url: `/api/receptionists/${created.id}/`,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    const user = await userByName('leaving.r');
    expect(user!.isActive).toBe(false);
    expect(await locationsOf(user!.id)).toEqual([]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'leaving.r', password: HIRE_PASSWORD },
      remoteAddress: '10.20.0.1',
    });
    expect(refused.json().message).toMatch(/deactivated/);

    const on = await admin.request({
      method: 'PATCH',
      url: `/api/receptionists/${created.id}/`,
      payload: { is_active: true },
    });
    expect(on.json().is_active).toBe(true);
    expect((await userByName('leaving.r'))!.isActive).toBe(true);
    expect(await locationsOf(user!.id)).toEqual([makati]);
    await login(ctx.app, 'leaving.r', HIRE_PASSWORD, '10.20.0.2');
  });

  it('never switches off a Manager’s login with their employee record', async () => {
    const [mgr] = await ctx.database.db.select().from(users).where(eq(users.username, 'manager'));
    const created = await hire('salespersons', { first_name: 'Managing', user: mgr!.id });
    await admin.request({ method: 'PATCH', url: `/api/salespersons/${created.id}/`, payload: { is_active: false } });
    expect((await userByName('manager'))!.isActive).toBe(true);
    expect((await manager.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
  });

  it('gives an existing employee a login, or links and unlinks one', async () => {
    const created = await hire('therapists', { first_name: 'Later' });
    const withLogin = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${created.id}/`,
      payload: { account: { username: 'later.login', password: HIRE_PASSWORD } },
    });
    expect(withLogin.statusCode, withLogin.body).toBe(200);
    const user = await userByName('later.login');
    expect(withLogin.json()).toMatchObject({ user: user!.id, username: 'later.login' });
    expect(await groupsOf(user!.id)).toEqual(['Therapist']);
    const second = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${created.id}/`,
      payload: { account: { username: 'later.again', password: HIRE_PASSWORD } },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual({ account: ['This employee already has a login.'] });

    const unlinked = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${created.id}/`,
      payload: { user: null },
    });
    expect(unlinked.json()).toMatchObject({ user: null, username: null });
    expect(await groupsOf(user!.id)).toEqual([]);
    expect(await locationsOf(user!.id)).toEqual([]);
    const relinked = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${created.id}/`,
      payload: { user: user!.id },
    });
    expect(relinked.json().user).toBe(user!.id);
    expect(await groupsOf(user!.id)).toEqual(['Therapist']);
  });

  it('refuses bad changes with field errors', async () => {
    const a = await hire('salespersons', { employee_code: 'PUT-A' });
    await hire('salespersons', { employee_code: 'PUT-B' });
    const clash = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { employee_code: 'put-b' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ employee_code: ['Another employee already has this code.'] });
    const blank = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { employee_code: '' },
    });
    expect(blank.json().errors).toEqual({ employee_code: ['Enter an employee code.'] });
    const noTarget = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { monthly_target: null },
    });
    expect(noTarget.json().errors).toEqual({ monthly_target: ['Enter a target (0 for none).'] });
    const target = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { monthly_target: '200000' },
    });
    expect(target.json().monthly_target).toBe('200000.00');
    const toClosed = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { location: closed },
    });
    expect(toClosed.json().errors).toEqual({ location: ['This location is inactive. Choose an active one.'] });
    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/salespersons/999999/',
      payload: { first_name: 'Ghost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such salesperson.' });
    const wrongKind = await admin.request({
      method: 'PATCH',
      url: `/api/therapists/${a.id}/`,
      payload: { first_name: 'Ghost' },
    });
    expect(wrongKind.statusCode).toBe(404);
    const refused = await manager.request({
      method: 'PATCH',
      url: `/api/salespersons/${a.id}/`,
      payload: { first_name: 'Ghost' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('replacing a record (PUT)', () => {
  it('needs the whole record, code included; a partial body is a 400 naming what is missing', async () => {
    const hired = await hire('receptionists', { first_name: 'Whole', last_name: 'Record' });
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/receptionists/${hired.id}/`,
      payload: { last_name: 'Only' },
    });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().errors).sort()).toEqual(['employee_code', 'first_name', 'hire_date', 'location']);
    const full = await admin.request({
      method: 'PUT',
      url: `/api/receptionists/${hired.id}/`,
      payload: person({ first_name: 'Whole', last_name: 'Replaced', phone: null, employee_code: hired.employee_code }),
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ last_name: 'Replaced', phone: null, employee_code: hired.employee_code });
  });
});

describe('removing a record (DELETE)', () => {
  it('deletes a record without a history and switches its login off', async () => {
    const created = await hire('therapists', {
      first_name: 'Mistake',
      account: { username: 'mistake.t', password: HIRE_PASSWORD },
    });
    const res = await admin.request({ method: 'DELETE', url: `/api/therapists/${created.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted', message: 'Mistake Soriano was removed from the therapists.' });
    const user = await userByName('mistake.t');
    expect(user!.isActive).toBe(false);
    expect(await groupsOf(user!.id)).toEqual([]);
    expect((await admin.request({ method: 'GET', url: `/api/therapists/${created.id}/` })).statusCode).toBe(404);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'employees'), eq(auditLog.rowId, String(created.id)), eq(auditLog.action, 'delete')),
      );
    expect((entry!.before as { first_name: string }).first_name).toBe('Mistake');
  });

  it('deactivates a record with recorded work, then refuses a second delete', async () => {
    const created = await hire('salespersons', { first_name: 'Worked' });
    // Stand-in for sales and arrivals: any row referring to the employee keeps it.
    await ctx.database.db.execute(
      sql`create table employee_refs_test (id serial primary key, employee_id integer not null references employees(id))`,
    );
    await ctx.database.db.execute(sql`insert into employee_refs_test (employee_id) values (${created.id})`);
    const res = await admin.request({ method: 'DELETE', url: `/api/salespersons/${created.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'deactivated',
      message: 'Worked Soriano has recorded work, so it was deactivated instead of deleted.',
    });
    const again = await admin.request({ method: 'DELETE', url: `/api/salespersons/${created.id}/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Worked Soriano has recorded work and is already inactive, so it cannot be deleted.',
    });
  });

  it('404s unknown records and refuses non-admins', async () => {
    const missing = await admin.request({ method: 'DELETE', url: '/api/receptionists/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such receptionist.' });
    const created = await hire('receptionists', { first_name: 'Stays' });
    expect((await manager.request({ method: 'DELETE', url: `/api/receptionists/${created.id}/` })).statusCode).toBe(
      403,
    );
    expect((await admin.request({ method: 'GET', url: `/api/receptionists/${created.id}/` })).statusCode).toBe(200);
  });
});

// Decision 0204: what the floor holds of a therapist or receptionist who moves or leaves.
describe('moving or letting go someone on the floor', () => {
  const hours = 3_600_000;
  const book = (therapistId: number, hoursFromNow: number, status = 'booked') =>
    insertReservation(ctx.database.db, {
      locationId: makati,
      therapistId,
      startsAt: new Date(Date.now() + hoursFromNow * hours),
      status,
    });
  const change = (path: string, id: number, payload: Record<string, unknown>) =>
    admin.request({ method: 'PATCH', url: `/api/${path}/${id}/`, payload });
  const clockIn = async (employee: number) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/floor/shifts/clock-in/',
      payload: { employee, location: makati },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const rotation = async () =>
    (await admin.request({ method: 'GET', url: `/api/floor/board/?location=${makati}` }))
      .json<{ queue: { therapist: number }[] }>()
      .queue.map((q) => q.therapist);
  const openShifts = async (employee: number) =>
    (await admin.request({ method: 'GET', url: `/api/floor/shifts/?employee=${employee}&open=true` })).json<{
      count: number;
    }>().count;

  it('a therapist with bookings to come is neither moved, deactivated nor deleted, and is told where and when', async () => {
    const { id } = await hire('therapists', { first_name: 'Gabriel', last_name: 'Pascual' });
    await book(id, 48);
    await book(id, 72);
    const expected = new RegExp(
      '^Gabriel Pascual has 2 bookings at Emp Test Makati, the first on \\d{1,2} [A-Z][a-z]{2} \\d{4} at \\d{2}:\\d{2}\\. ' +
        'Give them to another therapist or cancel them on the floor board first\\.$',
    );
    for (const refused of [
      await change('therapists', id, { location: quezon }),
      await change('therapists', id, { is_active: false }),
      await admin.request({ method: 'DELETE', url: `/api/therapists/${id}/` }),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(expected);
    }
    // Nothing changed; other edits still go through.
    const renamed = await change('therapists', id, { phone: '0917 765 4321' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ location: makati, is_active: true });
  });

  it('a therapist whose bookings are over or no longer booked moves', async () => {
    const { id } = await hire('therapists', { first_name: 'Rowena', last_name: 'Bookless' });
    await book(id, -3);
    await book(id, 24, 'cancelled');
    const moved = await change('therapists', id, { location: quezon });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().location).toBe(quezon);
  });

  it('someone clocked in is clocked out and leaves the rotation, so the desk is not offered someone gone', async () => {
    const { id } = await hire('therapists', { first_name: 'Nena', last_name: 'Shift' });
    await clockIn(id);
    expect(await rotation()).toContain(id);
    const res = await change('therapists', id, { is_active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rotation()).not.toContain(id);
    expect(await openShifts(id)).toBe(0);

    const desk = await hire('receptionists', { first_name: 'Desk', last_name: 'Mover' });
    await clockIn(desk.id);
    const moved = await change('receptionists', desk.id, { location: quezon });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await openShifts(desk.id)).toBe(0);
  });
});
