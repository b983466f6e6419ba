import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, employees, locations, userLocations, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { insertReservation } from '../../test/reservations';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let therapist: Agent;
let adminId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  therapist = await login(ctx.app, 'therapist', DEMO_PASSWORD);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Makati Ayala Branch',
  address: '6750 Ayala Ave, Makati City',
  phone: '(02) 8123 4567',
  opening_time: '10:00',
  closing_time: '22:00',
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await admin.request({ method: 'POST', url: '/api/locations/', payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
};

const addEmployee = async (locationId: number, isActive: boolean, code: string) => {
  await ctx.database.db.insert(employees).values({
    kind: 'therapist',
    firstName: 'Test',
    lastName: 'Person',
    employeeCode: code,
    locationId,
    hireDate: '2024-01-15',
    isActive,
  });
};

describe('POST /api/locations/', () => {
  it('creates a location, normalises the phone and records an audit row', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: body({ name: '  Greenhills Shopping Center  ' }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Greenhills Shopping Center',
      address: '6750 Ayala Ave, Makati City',
      phone: '+63281234567',
      opening_time: '10:00',
      closing_time: '22:00',
      is_active: true,
      branch_code: '',
      registered_address: '',
      employees_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await ctx.database.db.select().from(locations).where(eq(locations.id, created.id));
    expect(row!.createdBy).toBe(adminId);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'locations'), eq(auditLog.rowId, String(created.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'create', actorId: adminId, before: null });
    expect((audits[0]!.after as { name: string }).name).toBe('Greenhills Shopping Center');
  });

  it('refuses a duplicate name regardless of case with 409 and a field error', async () => {
    await create({ name: 'Eastwood City' });
    const res = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: body({ name: 'EASTWOOD city' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A location with this name already exists.',
      errors: { name: ['A location with this name already exists.'] },
    });
  });

  it('lists every missing required field', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/locations/', payload: {} });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.message).toBe('Please correct the highlighted fields.');
    expect(json.errors).toEqual({
      name: ['This field is required.'],
      opening_time: ['Choose a time.'],
      closing_time: ['Choose a time.'],
    });
  });

  it('keeps times on the 15-minute grid, hours different, phones Philippine and names short', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ opening_time: '09:10' }, 'opening_time', 'Choose a time on the 15-minute grid (HH:mm), e.g. 09:00 or 21:30.'],
      [{ closing_time: '24:00' }, 'closing_time', 'Choose a time on the 15-minute grid (HH:mm), e.g. 09:00 or 21:30.'],
      [{ closing_time: '9:00' }, 'closing_time', 'Choose a time on the 15-minute grid (HH:mm), e.g. 09:00 or 21:30.'],
      [
        { opening_time: '10:00', closing_time: '10:00' },
        'closing_time',
        'Closing time must differ from opening time (a closing time before the opening time means after midnight).',
      ],
      [{ phone: '+1 555 123 4567' }, 'phone', 'Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.'],
      [{ phone: '12345' }, 'phone', 'Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.'],
      [{ name: '   ' }, 'name', 'Enter a name.'],
      [{ name: 'x'.repeat(101) }, 'name', 'At most 100 characters.'],
      [{ address: 'x'.repeat(301) }, 'address', 'At most 300 characters.'],
      [{ is_active: 'yes' }, 'is_active', 'Expected boolean.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/locations/',
        payload: body({ name: 'Validation Case', ...overrides }),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    const [none] = await ctx.database.db.select().from(locations).where(eq(locations.name, 'Validation Case'));
    expect(none).toBeUndefined();
  });

  it('accepts hours past midnight and a blank phone', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: body({ name: 'Malate Night Spa', opening_time: '18:00', closing_time: '02:00', phone: '' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ opening_time: '18:00', closing_time: '02:00', phone: null });
  });

  it('is for admins only, and needs the CSRF header', async () => {
    const refused = await manager.request({
      method: 'POST',
      url: '/api/locations/',
      payload: body({ name: 'Manager Made' }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this.' });
    const noCsrf = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: body({ name: 'No Csrf' }),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toMatch(/CSRF/);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/locations/', payload: body({ name: 'Anon' }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/locations/', () => {
  it('pages, searches, filters and orders on the server', async () => {
    for (const name of ['Paging Alabang', 'Paging Bonifacio', 'Paging Cubao']) await create({ name });
    const inactive = await create({ name: 'Paging Dasmariñas', phone: '0917 555 0101' });
    await admin.request({ method: 'PATCH', url: `/api/locations/${inactive.id}/`, payload: { is_active: false } });

    const first = await therapist.request({
      method: 'GET',
      url: '/api/locations/?search=paging&pageSize=2&ordering=name',
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(4);
    expect(page1.results.map((l: { name: string }) => l.name)).toEqual(['Paging Alabang', 'Paging Bonifacio']);
    expect(page1.previous).toBeNull();
    expect(page1.next).toBe('/api/locations/?search=paging&pageSize=2&ordering=name&page=2');
    const page2 = (await therapist.request({ method: 'GET', url: page1.next })).json();
    expect(page2.results.map((l: { name: string }) => l.name)).toEqual(['Paging Cubao', 'Paging Dasmariñas']);
    expect(page2.next).toBeNull();

    const active = (
      await therapist.request({ method: 'GET', url: '/api/locations/?search=paging&is_active=true' })
    ).json();
    expect(active.count).toBe(3);
    const onlyInactive = (
      await therapist.request({ method: 'GET', url: '/api/locations/?search=paging&is_active=false' })
    ).json();
    expect(onlyInactive.results.map((l: { name: string }) => l.name)).toEqual(['Paging Dasmariñas']);
    const byPhone = (
      await therapist.request({ method: 'GET', url: `/api/locations/?search=${encodeURIComponent('09175550101')}` })
    ).json();
    expect(byPhone.results.map((l: { name: string }) => l.name)).toEqual(['Paging Dasmariñas']);
    const desc = (
      await therapist.request({ method: 'GET', url: '/api/locations/?search=paging&ordering=-name&pageSize=1' })
    ).json();
    expect(desc.results[0].name).toBe('Paging Dasmariñas');
    // LIKE wildcards in the search text are taken literally.
    expect((await therapist.request({ method: 'GET', url: '/api/locations/?search=%25' })).json().count).toBe(0);
  });

  it('answers bad query parameters with field errors', async () => {
    const res = await therapist.request({
      method: 'GET',
      url: '/api/locations/?ordering=password&pageSize=9999&is_active=maybe',
    });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(Object.keys(json.errors).sort()).toEqual(['is_active', 'ordering', 'pageSize']);
    const ordering = await therapist.request({ method: 'GET', url: '/api/locations/?ordering=password' });
    expect(ordering.statusCode).toBe(400);
    expect(ordering.json().errors.ordering).toEqual([
      'Order by one of: name, opening_time, closing_time, is_active, created_at, id.',
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/locations/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('GET /api/locations/{id}/', () => {
  it('reads one, counting only active employees', async () => {
    const loc = await create({ name: 'Count Branch' });
    await addEmployee(loc.id, true, 'CNT-1');
    await addEmployee(loc.id, false, 'CNT-2');
    const res = await therapist.request({ method: 'GET', url: `/api/locations/${loc.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: loc.id, name: 'Count Branch', employees_count: 1 });
  });

  it('404s an unknown id and 400s a malformed one', async () => {
    const missing = await therapist.request({ method: 'GET', url: '/api/locations/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such location.' });
    const bad = await therapist.request({ method: 'GET', url: '/api/locations/abc/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });
});

describe('PUT /api/locations/{id}/', () => {
  it('changes only the fields sent and audits before and after', async () => {
    const loc = await create({ name: 'Update Me' });
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { closing_time: '21:30', phone: '0917 222 3333' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Update Me',
      opening_time: '10:00',
      closing_time: '21:30',
      phone: '+639172223333',
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'locations'), eq(auditLog.rowId, String(loc.id)), eq(auditLog.action, 'update')),
      );
    expect((entry!.before as { closing_time: string }).closing_time).toBe('22:00');
    expect((entry!.after as { closing_time: string }).closing_time).toBe('21:30');
  });

  it('checks the hours against the stored ones, the name against others', async () => {
    const loc = await create({ name: 'Hours Check' });
    const same = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { closing_time: '10:00' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.closing_time).toEqual([
      'Closing time must differ from opening time (a closing time before the opening time means after midnight).',
    ]);
    await create({ name: 'Taken Name' });
    const clash = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { name: 'taken name' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.name).toEqual(['A location with this name already exists.']);
    // Renaming to its own name in another case is fine.
    const self = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { name: 'HOURS CHECK' },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().name).toBe('HOURS CHECK');
  });

  it('will not deactivate a location where active employees work', async () => {
    const loc = await create({ name: 'Staffed Branch' });
    await addEmployee(loc.id, true, 'STF-1');
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: '1 active employee works at this location. Move them to another location or deactivate them first.',
    });
  });

  it('404s an unknown location and refuses non-admins', async () => {
    const missing = await admin.request({ method: 'PATCH', url: '/api/locations/999999/', payload: { name: 'Ghost' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such location.' });
    const loc = await create({ name: 'Not Yours' });
    const refused = await therapist.request({
      method: 'PATCH',
      url: `/api/locations/${loc.id}/`,
      payload: { name: 'Mine' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PUT /api/locations/{id}/ (replace)', () => {
  it('needs the whole record and replaces it; a partial body is a 400 naming what is missing', async () => {
    const loc = await create({ name: 'Replace Branch' });
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/locations/${loc.id}/`,
      payload: { address: 'Only this' },
    });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().errors).sort()).toEqual(['closing_time', 'name', 'opening_time']);
    const full = await admin.request({
      method: 'PUT',
      url: `/api/locations/${loc.id}/`,
      payload: body({ name: 'Replace Branch', phone: null, address: 'Bonifacio' }),
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ name: 'Replace Branch', address: 'Bonifacio', phone: null, is_active: true });
  });
});

describe('DELETE /api/locations/{id}/', () => {
  it('deletes a location nothing refers to', async () => {
    const loc = await create({ name: 'Short Lived' });
    const res = await admin.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted', message: 'Location “Short Lived” deleted.' });
    expect((await admin.request({ method: 'GET', url: `/api/locations/${loc.id}/` })).statusCode).toBe(404);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'locations'), eq(auditLog.rowId, String(loc.id)), eq(auditLog.action, 'delete')),
      );
    expect(audits).toHaveLength(1);
    expect((audits[0]!.before as { name: string }).name).toBe('Short Lived');
  });

  it('deactivates a location that former employees refer to', async () => {
    const loc = await create({ name: 'Former Staff Branch' });
    await addEmployee(loc.id, false, 'FMR-1');
    const res = await admin.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'deactivated',
      message: 'Location “Former Staff Branch” is in use by other records, so it was deactivated instead of deleted.',
    });
    const [row] = await ctx.database.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row!.isActive).toBe(false);
    // Now it can be neither deleted nor deactivated.
    const again = await admin.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message:
        'Location “Former Staff Branch” is in use by other records and is already inactive, so it cannot be deleted.',
    });
  });

  it('deactivates a location that is someone’s assigned workplace', async () => {
    const loc = await create({ name: 'Manager Scope Branch' });
    const [mgr] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    await ctx.database.db.insert(userLocations).values({ userId: mgr!.id, locationId: loc.id });
    const res = await admin.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(res.json().result).toBe('deactivated');
    const links = await ctx.database.db.select().from(userLocations).where(eq(userLocations.locationId, loc.id));
    expect(links).toHaveLength(1);
  });

  it('refuses with 409 while active employees work there', async () => {
    const loc = await create({ name: 'Busy Branch' });
    await addEmployee(loc.id, true, 'BSY-1');
    await addEmployee(loc.id, true, 'BSY-2');
    const res = await admin.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: '2 active employees work at this location. Move them to another location or deactivate them first.',
    });
    const [row] = await ctx.database.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row!.isActive).toBe(true);
  });

  it('404s an unknown location; only admins delete', async () => {
    const missing = await admin.request({ method: 'DELETE', url: '/api/locations/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such location.' });
    const loc = await create({ name: 'Protected Branch' });
    const refused = await manager.request({ method: 'DELETE', url: `/api/locations/${loc.id}/` });
    expect(refused.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row).toBeDefined();
  });
});

// Decision 0204: new hours must still hold the branch's bookings to come.
describe('changing opening hours', () => {
  it('is refused while a booking to come would fall outside them, naming the first; hours that still hold it go through', async () => {
    const { id } = await create({ name: 'Fit Ortigas' });
    // Tomorrow in Manila at 10:00, and a cancelled one at 18:00.
    const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
    const at = (time: string) => new Date(`${tomorrow}T${time}:00+08:00`);
    await insertReservation(ctx.database.db, { locationId: id, startsAt: at('10:00') });
    await insertReservation(ctx.database.db, { locationId: id, startsAt: at('18:00'), status: 'cancelled' });
    const hours = (payload: Record<string, string>) =>
      admin.request({ method: 'PATCH', url: `/api/locations/${id}/`, payload });
    const later = await hours({ opening_time: '11:00' });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toMatch(
      /^Fit Ortigas has a booking outside 11:00–22:00, the first on \d{1,2} [A-Z][a-z]{2} \d{4} at 10:00\. Move or cancel them on the floor board first, or keep the hours\.$/,
    );
    expect((await hours({ closing_time: '10:30' })).statusCode).toBe(409);
    // Nothing changed by the refusals; the cancelled 18:00 booking does not hold the evening.
    const shorter = await hours({ closing_time: '18:00' });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ opening_time: '10:00', closing_time: '18:00' });
  });
});
