import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openMigratedPglite } from '../../test/database';
import { treatments } from '../../db/schema/index';
import { seedDatabase } from '../../db/seed';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { DEMO_MEMBERSHIPS, DEMO_TREATMENTS } from './services.demo';

let ctx: TestContext;
let receptionist: Agent;
beforeAll(async () => {
  ctx = await buildTestApp();
  receptionist = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string) => {
  const res = await receptionist.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('demo catalogue', () => {
  it('has a spa menu of massages, facials, body scrubs, nail care and packages, all on the 15-minute grid', async () => {
    const categories = await get('/api/services/treatment-categories/');
    expect(categories.results.map((c: { name: string }) => c.name)).toEqual([
      'Body Scrubs',
      'Facials',
      'Massages',
      'Nail Care',
      'Packages',
    ]);
    const all = await get('/api/services/treatments/?pageSize=500');
    const expected = Object.values(DEMO_TREATMENTS).reduce((n, c) => n + c.items.length, 0);
    expect(all.count).toBe(expected);
    expect(
      all.results.every(
        (t: { duration_minutes: number; price: string }) =>
          t.duration_minutes % 15 === 0 && /^\d+\.\d{2}$/.test(t.price),
      ),
    ).toBe(true);
    const hilot = await get('/api/services/treatments/?search=Hilot');
    expect(hilot.results[0]).toMatchObject({
      name: 'Hilot',
      category_name: 'Massages',
      duration_minutes: 60,
      price: '1300.00',
      is_active: true,
    });
    const retired = await get('/api/services/treatments/?is_active=false');
    expect(retired.results.map((t: { name: string }) => t.name)).toEqual(['Bamboo Massage']);
  });

  it('has Silver and Gold style memberships with included sessions and discounts', async () => {
    const list = await get('/api/services/memberships/?ordering=price');
    expect(list.results.map((m: { name: string }) => m.name)).toEqual([
      'Bronze',
      'Glow Club',
      'Silver',
      'Couples Bliss',
      'Gold',
      'Platinum',
    ]);
    const gold = list.results.find((m: { name: string }) => m.name === 'Gold');
    expect(gold).toMatchObject({
      price: '25000.00',
      validity_days: 365,
      is_active: true,
      category_names: ['Annual', 'Wellness'],
      allowed_treatments_count: 6,
    });
    const lines = await get(`/api/services/membership-allowed-treatments/?membership=${gold.id}`);
    const swedish = lines.results.find((l: { treatment_name: string }) => l.treatment_name === 'Swedish Massage');
    expect(swedish).toMatchObject({
      sessions_included: 6,
      discount_percent: '15.00',
      treatment_price: '1200.00',
      member_price: '1020.00',
    });
    expect(list.results.find((m: { name: string }) => m.name === 'Bronze').is_active).toBe(false);
    const memberships = DEMO_MEMBERSHIPS.length;
    expect(list.count).toBe(memberships);
  });

  it('is only added when demo data is on', async () => {
    const database = await openMigratedPglite();
    try {
      await seedDatabase(database.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      const [row] = await database.db.select({ n: count() }).from(treatments);
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
