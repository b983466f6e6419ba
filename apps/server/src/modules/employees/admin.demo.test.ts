import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { isTimeSlot } from '@ginhawa/contract';
import { banks, employees, locations, users } from '../../db/schema/index';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('administration demo data', () => {
  it('has Manila-area branches on the 15-minute grid and bank accounts', async () => {
    const rows = await ctx.database.db.select().from(locations);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.map((l) => l.name)).toEqual(
      expect.arrayContaining([
        'Makati Salcedo',
        'BGC High Street',
        'Quezon City Tomas Morato',
        'Ortigas Center',
        'Malate Manila',
      ]),
    );
    for (const l of rows) {
      expect(isTimeSlot(l.openingTime) && isTimeSlot(l.closingTime)).toBe(true);
      expect(l.phone).toMatch(/^\+632\d{8}$/);
    }
    const accounts = await ctx.database.db.select().from(banks);
    expect(accounts.filter((b) => b.isActive).length).toBeGreaterThanOrEqual(4);
    for (const b of accounts) expect(b.accountNumber).toMatch(/^\d{4,34}$/);
  });

  it('gives the demo staff accounts their records, and every kind more people with logins', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
    const me = (await agent.request({ method: 'GET', url: '/api/users/my_data/' })).json();
    const mine = await agent.request({ method: 'GET', url: `/api/therapists/by-user/${me.id}/` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ first_name: me.first_name, location_name: 'Makati Salcedo', is_active: true });
    for (const kind of ['salesperson', 'therapist', 'receptionist'] as const) {
      const withLogin = await ctx.database.db
        .select({ username: users.username })
        .from(employees)
        .innerJoin(users, eq(users.id, employees.userId))
        .where(and(eq(employees.kind, kind), eq(employees.isActive, true), isNotNull(employees.userId)));
      expect(withLogin.length, kind).toBeGreaterThanOrEqual(5);
    }
    // Targets are for Admins (a therapist reads the directory view, without them).
    const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    const sellers = (await admin.request({ method: 'GET', url: '/api/salespersons/?pageSize=500' })).json();
    expect(sellers.results.length).toBeGreaterThan(0);
    for (const s of sellers.results) expect(Number(s.monthly_target)).toBeGreaterThanOrEqual(0);
    // A generated staff account signs in with the demo password.
    const [other] = await ctx.database.db
      .select({ username: users.username })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(employees.kind, 'receptionist'), eq(employees.isActive, true)))
      .orderBy(employees.id)
      .limit(2)
      .offset(1);
    const colleague = await login(ctx.app, other!.username, DEMO_PASSWORD, '10.30.0.1');
    expect((await colleague.request({ method: 'GET', url: '/api/users/my_data/' })).json().groups).toEqual([
      'Receptionist',
    ]);
  });

  it('gives the demo manager a scope of branches', async () => {
    const agent = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const me = (await agent.request({ method: 'GET', url: '/api/users/my_data/' })).json();
    const account = (await agent.request({ method: 'GET', url: `/api/users/${me.id}/` })).json();
    expect(account.location_names).toEqual(['BGC High Street', 'Makati Salcedo']);
  });
});
