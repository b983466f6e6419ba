import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestContext } from '../../test/build';
import { API, auditRows, created, startCatalogueApp, unique, type CatalogueMakers } from './services.test-helpers';

let ctx: TestContext;
let admin: Agent;
let salesperson: Agent;
let manager: Agent;
let adminId: number;
let make: CatalogueMakers;
let categoryId: number;

const url = `${API}/membership-allowed-treatments/`;

beforeAll(async () => {
  ({ ctx, admin, adminId, make, salesperson, manager } = await startCatalogueApp('salesperson', 'manager'));
  categoryId = (await make.treatmentCategory(unique('Massages'))).id;
});
afterAll(async () => {
  await ctx?.close();
});

const setup = async (treatment: Record<string, unknown> = {}) => ({
  membership: await make.membership(),
  treatment: await make.treatment({ category: categoryId, ...treatment }),
});

describe('POST /api/services/membership-allowed-treatments/', () => {
  it('includes a treatment (201): names beside ids, discount as a decimal string, member price from SQL, audited', async () => {
    const { membership, treatment } = await setup({ price: '1200.00', duration_minutes: 90 });
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id, sessions_included: 6, discount_percent: 10 },
    });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      membership: membership.id,
      membership_name: membership.name,
      treatment: treatment.id,
      treatment_name: treatment.name,
      treatment_duration_minutes: 90,
      treatment_price: '1200.00',
      treatment_is_active: true,
      member_price: '1080.00',
      sessions_included: 6,
      discount_percent: '10.00',
    });
    expect(row.treatment_category_name).toMatch(/^Massages /);
    const [audit] = await auditRows(ctx.database.db, 'membership_allowed_treatments', row.id);
    expect(audit).toMatchObject({ action: 'create', actorId: adminId, before: null });
    expect(audit!.after).toMatchObject({
      membership: membership.id,
      treatment: treatment.id,
      sessions_included: 6,
      discount_percent: '10.00',
    });
    const count = (await admin.request({ method: 'GET', url: `${API}/memberships/${membership.id}/` })).json()
      .allowed_treatments_count;
    expect(count).toBe(1);
  });

  it.each([
    ['12.5', '1234.56', '1080.24'],
    [12.5, '1234.56', '1080.24'],
    ['33.33', '999.99', '666.69'],
    ['100', '2500.00', '0.00'],
    ['0', '850.50', '850.50'],
  ])('discount %s on %s gives a member price of %s (rounded in SQL)', async (discount, price, memberPrice) => {
    const { membership, treatment } = await setup({ price });
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id, discount_percent: discount },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().member_price).toBe(memberPrice);
  });

  it('defaults to no sessions and no discount', async () => {
    const { membership, treatment } = await setup();
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sessions_included: 0, discount_percent: '0.00', member_price: '1200.00' });
  });

  it.each([
    ['negative sessions', { sessions_included: -1 }, { sessions_included: ['Sessions cannot be negative.'] }],
    ['fractional sessions', { sessions_included: 1.5 }, { sessions_included: ['Use a whole number of sessions.'] }],
    ['too many sessions', { sessions_included: 1000 }, { sessions_included: ['At most 999 sessions.'] }],
    ['a discount over 100', { discount_percent: 101 }, { discount_percent: ['A discount cannot exceed 100%.'] }],
    [
      'a negative discount',
      { discount_percent: '-5' },
      { discount_percent: ['Enter a percentage from 0 to 100 (at most 2 decimals).'] },
    ],
    [
      'a discount with 3 decimals',
      { discount_percent: '10.125' },
      { discount_percent: ['Enter a percentage from 0 to 100 (at most 2 decimals).'] },
    ],
    [
      'a discount that is not a number',
      { discount_percent: true },
      { discount_percent: ['Enter a percentage from 0 to 100 (at most 2 decimals).'] },
    ],
    ['no membership', { membership: undefined }, { membership: ['Choose a membership.'] }],
    ['no treatment', { treatment: null }, { treatment: ['Choose a treatment.'] }],
  ])('refuses %s with a field error (400)', async (_, change, errors) => {
    const { membership, treatment } = await setup();
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please correct the highlighted fields.', errors });
  });

  it('refuses an unknown membership or treatment with a field error, never a 500', async () => {
    const { membership, treatment } = await setup();
    const noMembership = await admin.request({
      method: 'POST',
      url,
      payload: { membership: 999_999, treatment: treatment.id },
    });
    expect(noMembership.statusCode).toBe(400);
    expect(noMembership.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { membership: ['No such membership.'] },
    });
    const noTreatment = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: 999_999 },
    });
    expect(noTreatment.statusCode).toBe(400);
    expect(noTreatment.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { treatment: ['No such treatment.'] },
    });
  });

  it('refuses to newly include a deactivated treatment', async () => {
    const { membership, treatment } = await setup({ is_active: false });
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id, sessions_included: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      treatment: [`${treatment.name} is inactive; activate it before including it in a membership.`],
    });
  });

  it('allows one line per membership and treatment (409 on a second)', async () => {
    const { membership, treatment } = await setup();
    await created(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
      sessions_included: 2,
    });
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { membership: membership.id, treatment: treatment.id, sessions_included: 4 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `${membership.name} already includes ${treatment.name}; edit that line instead.`,
      errors: { treatment: [`${membership.name} already includes this treatment.`] },
    });
  });

  it('is for admins only', async () => {
    const { membership, treatment } = await setup();
    for (const agent of [salesperson, manager]) {
      const res = await agent.request({
        method: 'POST',
        url,
        payload: { membership: membership.id, treatment: treatment.id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
  });
});

describe('GET /api/services/membership-allowed-treatments/', () => {
  let gold: { id: number; name: string };
  let silver: { id: number; name: string };
  let swedish: { id: number; name: string };
  let hilot: { id: number; name: string };
  beforeAll(async () => {
    gold = await make.membership({ name: unique('Gold') });
    silver = await make.membership({ name: unique('Silver') });
    swedish = await make.treatment({ category: categoryId, name: unique('Swedish') });
    hilot = await make.treatment({ category: categoryId, name: unique('Hilot') });
    await created(admin, 'membership-allowed-treatments', {
      membership: gold.id,
      treatment: swedish.id,
      sessions_included: 6,
      discount_percent: '10',
    });
    await created(admin, 'membership-allowed-treatments', {
      membership: gold.id,
      treatment: hilot.id,
      sessions_included: 4,
      discount_percent: '15',
    });
    await created(admin, 'membership-allowed-treatments', {
      membership: silver.id,
      treatment: swedish.id,
      sessions_included: 3,
      discount_percent: '5',
    });
  });

  it('filters by ?membership= for any signed-in person, ordered by treatment name, with treatment_name', async () => {
    const res = await salesperson.request({ method: 'GET', url: `${url}?membership=${gold.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(
      res
        .json()
        .results.map((r: { treatment_name: string; sessions_included: number }) => [
          r.treatment_name,
          r.sessions_included,
        ]),
    ).toEqual([
      [hilot.name, 4],
      [swedish.name, 6],
    ]);
    expect(
      res
        .json()
        .results.every(
          (r: { membership: number; membership_name: string }) =>
            r.membership === gold.id && r.membership_name === gold.name,
        ),
    ).toBe(true);
  });

  it('filters by treatment, orders and pages', async () => {
    const byTreatment = await salesperson.request({
      method: 'GET',
      url: `${url}?treatment=${swedish.id}&ordering=-sessions_included`,
    });
    expect(byTreatment.json().results.map((r: { membership_name: string }) => r.membership_name)).toEqual([
      gold.name,
      silver.name,
    ]);
    const paged = await salesperson.request({ method: 'GET', url: `${url}?membership=${gold.id}&pageSize=1` });
    expect(paged.json()).toMatchObject({ count: 2 });
    expect(paged.json().results).toHaveLength(1);
    expect(paged.json().next).toBe(
      `/api/services/membership-allowed-treatments/?membership=${gold.id}&pageSize=1&page=2`,
    );
  });

  it('answers an empty page for a membership that does not exist, 400 for a malformed filter', async () => {
    const none = await salesperson.request({ method: 'GET', url: `${url}?membership=999999` });
    expect(none.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const bad = await salesperson.request({ method: 'GET', url: `${url}?membership=gold` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { membership: ['Not a valid id.'] },
    });
  });

  it('reads one line; 404 when unknown', async () => {
    const list = await salesperson.request({ method: 'GET', url: `${url}?membership=${silver.id}` });
    const id = list.json().results[0].id as number;
    const one = await salesperson.request({ method: 'GET', url: `${url}${id}/` });
    expect(one.json()).toMatchObject({
      id,
      treatment_name: swedish.name,
      membership_name: silver.name,
      discount_percent: '5.00',
    });
    const missing = await salesperson.request({ method: 'GET', url: `${url}999999/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such allowed treatment.' });
  });
});

describe('changing and removing a line', () => {
  it('PATCH changes sessions and discount, audited with before and after', async () => {
    const { membership, treatment } = await setup();
    const line = await created<{ id: number }>(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
      sessions_included: 6,
    });
    const res = await admin.request({
      method: 'PATCH',
      url: `${url}${line.id}/`,
      payload: { sessions_included: 8, discount_percent: '20' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessions_included: 8, discount_percent: '20.00', member_price: '960.00' });
    const [row] = await auditRows(ctx.database.db, 'membership_allowed_treatments', line.id);
    expect(row).toMatchObject({ action: 'update', actorId: adminId });
    expect(row!.before).toMatchObject({ sessions_included: 6, discount_percent: '0.00' });
    expect(row!.after).toMatchObject({ sessions_included: 8, discount_percent: '20.00' });
  });

  it('PUT can switch the treatment, but not onto one the membership already includes', async () => {
    const { membership, treatment } = await setup();
    const second = await make.treatment({ category: categoryId });
    const third = await make.treatment({ category: categoryId });
    const line = await created<{ id: number }>(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
    });
    await created(admin, 'membership-allowed-treatments', { membership: membership.id, treatment: second.id });
    const clash = await admin.request({
      method: 'PUT',
      url: `${url}${line.id}/`,
      payload: { membership: membership.id, treatment: second.id, sessions_included: 1 },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ treatment: [`${membership.name} already includes this treatment.`] });
    const moved = await admin.request({
      method: 'PUT',
      url: `${url}${line.id}/`,
      payload: { membership: membership.id, treatment: third.id, sessions_included: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      treatment: third.id,
      treatment_name: third.name,
      sessions_included: 1,
      discount_percent: '0.00',
    });
    const unknown = await admin.request({ method: 'PATCH', url: `${url}${line.id}/`, payload: { treatment: 999_999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ treatment: ['No such treatment.'] });
    const unknownMembership = await admin.request({
      method: 'PATCH',
      url: `${url}${line.id}/`,
      payload: { membership: 999_999 },
    });
    expect(unknownMembership.statusCode).toBe(400);
    expect(unknownMembership.json().errors).toEqual({ membership: ['No such membership.'] });
  });

  it('keeps a line whose treatment was deactivated later editable', async () => {
    const { membership, treatment } = await setup();
    const line = await created<{ id: number }>(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
      sessions_included: 2,
    });
    await admin.request({ method: 'PATCH', url: `${API}/treatments/${treatment.id}/`, payload: { is_active: false } });
    const res = await admin.request({ method: 'PATCH', url: `${url}${line.id}/`, payload: { sessions_included: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessions_included: 3, treatment_is_active: false });
  });

  it('validates PATCH like POST and answers 404 and 403', async () => {
    const { membership, treatment } = await setup();
    const line = await created<{ id: number }>(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
    });
    const bad = await admin.request({
      method: 'PATCH',
      url: `${url}${line.id}/`,
      payload: { discount_percent: '150' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ discount_percent: ['A discount cannot exceed 100%.'] });
    const missing = await admin.request({ method: 'PATCH', url: `${url}999999/`, payload: { sessions_included: 1 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such allowed treatment.' });
    const refused = await salesperson.request({
      method: 'PATCH',
      url: `${url}${line.id}/`,
      payload: { sessions_included: 99 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: `${url}${line.id}/` })).json().sessions_included).toBe(0);
  });

  it('DELETE removes the line (200), audited; 404 and 403 otherwise', async () => {
    const { membership, treatment } = await setup();
    const line = await created<{ id: number }>(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
    });
    const refused = await manager.request({ method: 'DELETE', url: `${url}${line.id}/` });
    expect(refused.statusCode).toBe(403);
    const res = await admin.request({ method: 'DELETE', url: `${url}${line.id}/` });
    expect(res.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `${url}${line.id}/` })).statusCode).toBe(404);
    const [row] = await auditRows(ctx.database.db, 'membership_allowed_treatments', line.id);
    expect(row).toMatchObject({ action: 'delete', actorId: adminId, after: null });
    expect(row!.before).toMatchObject({ treatment: treatment.id, membership: membership.id });
    const again = await admin.request({ method: 'DELETE', url: `${url}${line.id}/` });
    expect(again.statusCode).toBe(404);
  });
});
