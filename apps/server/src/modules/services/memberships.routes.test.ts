import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { membershipAllowedTreatments, membershipCategoryLinks } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { API, auditRows, created, startCatalogueApp, unique, type CatalogueMakers } from './services.test-helpers';

let ctx: TestContext;
let admin: Agent;
let therapist: Agent;
let manager: Agent;
let adminId: number;
let make: CatalogueMakers;
let annual: { id: number; name: string };
let couples: { id: number; name: string };

const url = `${API}/memberships/`;

beforeAll(async () => {
  ({ ctx, admin, adminId, make, therapist, manager } = await startCatalogueApp('therapist', 'manager'));
  // Names chosen so alphabetical order differs from creation order.
  couples = await make.membershipCategory(unique('Couples'));
  annual = await make.membershipCategory(unique('Annual'));
});
afterAll(async () => {
  await ctx?.close();
});

const valid = () => ({ name: unique('Gold'), price: '25000', validity_days: 365 });

describe('POST /api/services/memberships/', () => {
  it('creates a membership (201) with its categories in one go, audited', async () => {
    const body = {
      ...valid(),
      description: 'Twelve months of pampering',
      categories: [couples.id, annual.id, annual.id],
    };
    const res = await admin.request({ method: 'POST', url, payload: body });
    expect(res.statusCode).toBe(201);
    const membership = res.json();
    expect(membership).toMatchObject({
      name: body.name,
      price: '25000.00',
      validity_days: 365,
      description: 'Twelve months of pampering',
      is_active: true,
      // Sorted by category name; duplicates dropped.
      categories: [annual.id, couples.id],
      category_names: [annual.name, couples.name],
      allowed_treatments_count: 0,
    });
    const [row] = await auditRows(ctx.database.db, 'memberships', membership.id);
    expect(row).toMatchObject({ action: 'create', actorId: adminId, before: null });
    expect(row!.after).toMatchObject({ name: body.name, categories: [annual.id, couples.id] });
  });

  it('creates one without categories', async () => {
    const res = await admin.request({ method: 'POST', url, payload: valid() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ categories: [], category_names: [] });
  });

  it.each([
    ['zero validity', { validity_days: 0 }, { validity_days: ['At least 1 day.'] }],
    ['validity over ten years', { validity_days: 3651 }, { validity_days: ['At most 3650 days (10 years).'] }],
    ['fractional validity', { validity_days: 30.5 }, { validity_days: ['Use whole days.'] }],
    ['missing validity', { validity_days: undefined }, { validity_days: ['This field is required.'] }],
    ['negative price', { price: '-1' }, { price: ['The price cannot be negative.'] }],
    [
      'price with centavo fractions',
      { price: '100.001' },
      { price: ['Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).'] },
    ],
    ['categories not a list', { categories: 3 }, { categories: ['Send a list of category ids.'] }],
    ['a category that is not an id', { categories: ['Annual'] }, { 'categories.0': ['Choose a category.'] }],
    ['blank name', { name: '  ' }, { name: ['Enter a name.'] }],
  ])('refuses %s with a field error (400)', async (_, change, errors) => {
    const res = await admin.request({ method: 'POST', url, payload: { ...valid(), ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please correct the highlighted fields.', errors });
  });

  it('refuses unknown categories with a 400 on categories and creates nothing', async () => {
    const body = { ...valid(), categories: [annual.id, 999_998, 999_999] };
    const res = await admin.request({ method: 'POST', url, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { categories: ['No such membership categories: 999998, 999999.'] },
    });
    const search = await admin.request({ method: 'GET', url: `${url}?search=${encodeURIComponent(body.name)}` });
    expect(search.json().count).toBe(0);
  });

  it('keeps names unique ignoring case (409)', async () => {
    const first = await make.membership();
    const res = await admin.request({ method: 'POST', url, payload: { ...valid(), name: first.name.toLowerCase() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `A membership named "${first.name.toLowerCase()}" already exists.`,
      errors: { name: ['A membership with this name already exists.'] },
    });
  });

  it('is for admins only', async () => {
    for (const agent of [therapist, manager]) {
      const res = await agent.request({ method: 'POST', url, payload: valid() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
  });
});

describe('GET /api/services/memberships/', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique('Tier');
    await make.membership({
      name: `${tag} Silver`,
      price: '12000.00',
      validity_days: 180,
      categories: [annual.id],
    });
    await make.membership({
      name: `${tag} Gold`,
      price: '25000.00',
      validity_days: 365,
      categories: [annual.id, couples.id],
    });
    await make.membership({ name: `${tag} Bronze`, price: '6000.00', validity_days: 90, is_active: false });
  });
  const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

  it('lists for staff, searched and ordered by name by default', async () => {
    const res = await therapist.request({ method: 'GET', url: `${url}?search=${encodeURIComponent(tag)}` });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual([`${tag} Bronze`, `${tag} Gold`, `${tag} Silver`]);
    expect(res.json().results[1]).toMatchObject({
      category_names: [annual.name, couples.name],
      validity_days: 365,
      price: '25000.00',
    });
  });

  it('filters by category and is_active, orders by price, pages', async () => {
    const inCouples = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&category=${couples.id}`,
    });
    expect(names(inCouples)).toEqual([`${tag} Gold`]);
    const inAnnual = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&category=${annual.id}&ordering=-price`,
    });
    expect(names(inAnnual)).toEqual([`${tag} Gold`, `${tag} Silver`]);
    const active = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&is_active=false`,
    });
    expect(names(active)).toEqual([`${tag} Bronze`]);
    const page = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&ordering=validity_days&pageSize=1&page=2`,
    });
    expect(page.json()).toMatchObject({ count: 3 });
    expect(names(page)).toEqual([`${tag} Silver`]);
    expect(page.json().next).toContain('page=3');
    expect(page.json().previous).toContain('page=1');
  });

  it('refuses malformed filters', async () => {
    const res = await therapist.request({ method: 'GET', url: `${url}?category=-4` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ category: ['Not a valid id.'] });
  });

  it('reads one with 404 for unknown ids', async () => {
    const membership = await make.membership({ categories: [couples.id] });
    const one = await therapist.request({ method: 'GET', url: `${url}${membership.id}/` });
    expect(one.json()).toMatchObject({ id: membership.id, categories: [couples.id], category_names: [couples.name] });
    const missing = await therapist.request({ method: 'GET', url: `${url}999999/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such membership.' });
  });
});

describe('updating memberships', () => {
  it('PUT replaces the fields; categories stay unless sent', async () => {
    const membership = await make.membership({ categories: [annual.id], description: 'Old' });
    const put = await admin.request({
      method: 'PUT',
      url: `${url}${membership.id}/`,
      payload: { name: membership.name, price: '30000.00', validity_days: 730 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      price: '30000.00',
      validity_days: 730,
      description: '',
      categories: [annual.id],
    });
    const withCategories = await admin.request({
      method: 'PUT',
      url: `${url}${membership.id}/`,
      payload: { name: membership.name, price: '30000.00', validity_days: 730, categories: [couples.id] },
    });
    expect(withCategories.json().categories).toEqual([couples.id]);
    const [row] = await auditRows(ctx.database.db, 'memberships', membership.id);
    expect(row).toMatchObject({ action: 'update', actorId: adminId });
    expect(row!.before).toMatchObject({ categories: [annual.id] });
    expect(row!.after).toMatchObject({ categories: [couples.id] });
  });

  it('PATCH deactivates; a rename onto another membership is a 409', async () => {
    const other = await make.membership();
    const membership = await make.membership({ price: '9999.99' });
    const off = await admin.request({ method: 'PATCH', url: `${url}${membership.id}/`, payload: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ is_active: false, price: '9999.99', name: membership.name });
    const clash = await admin.request({
      method: 'PATCH',
      url: `${url}${membership.id}/`,
      payload: { name: other.name },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ name: ['A membership with this name already exists.'] });
    const badCategory = await admin.request({
      method: 'PATCH',
      url: `${url}${membership.id}/`,
      payload: { name: unique('Renamed'), categories: [999_999] },
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toEqual({ categories: ['No such membership category: 999999.'] });
    // The whole change was rolled back, the rename included.
    expect((await admin.request({ method: 'GET', url: `${url}${membership.id}/` })).json().name).toBe(membership.name);
  });

  it('answers 404 and 403 like the rest', async () => {
    const missing = await admin.request({ method: 'PUT', url: `${url}999999/`, payload: valid() });
    expect(missing.statusCode).toBe(404);
    const membership = await make.membership();
    const refused = await therapist.request({
      method: 'PATCH',
      url: `${url}${membership.id}/`,
      payload: { price: '1.00' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/services/memberships/{id}/update_categories/', () => {
  const updateUrl = (id: number) => `${url}${id}/update_categories/`;

  it('sets exactly the given categories, audited as update_categories', async () => {
    const membership = await make.membership({ categories: [annual.id] });
    const res = await admin.request({
      method: 'POST',
      url: updateUrl(membership.id),
      payload: { categories: [couples.id, annual.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: membership.id,
      categories: [annual.id, couples.id],
      category_names: [annual.name, couples.name],
    });
    const [row] = await auditRows(ctx.database.db, 'memberships', membership.id);
    expect(row).toMatchObject({
      action: 'update_categories',
      actorId: adminId,
      before: { categories: [annual.id], category_names: [annual.name] },
      after: { categories: [annual.id, couples.id], category_names: [annual.name, couples.name] },
    });
    const cleared = await admin.request({ method: 'POST', url: updateUrl(membership.id), payload: { categories: [] } });
    expect(cleared.json()).toMatchObject({ categories: [], category_names: [] });
    const links = await ctx.database.db
      .select()
      .from(membershipCategoryLinks)
      .where(eq(membershipCategoryLinks.membershipId, membership.id));
    expect(links).toEqual([]);
  });

  it('refuses unknown ids (400 on categories) and keeps the old set', async () => {
    const membership = await make.membership({ categories: [annual.id] });
    const res = await admin.request({
      method: 'POST',
      url: updateUrl(membership.id),
      payload: { categories: [couples.id, 424242] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { categories: ['No such membership category: 424242.'] },
    });
    expect((await admin.request({ method: 'GET', url: `${url}${membership.id}/` })).json().categories).toEqual([
      annual.id,
    ]);
    expect((await auditRows(ctx.database.db, 'memberships', membership.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('validates the body', async () => {
    const membership = await make.membership();
    const missing = await admin.request({ method: 'POST', url: updateUrl(membership.id), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ categories: ['Send a list of category ids.'] });
    const strings = await admin.request({
      method: 'POST',
      url: updateUrl(membership.id),
      payload: { categories: ['1'] },
    });
    expect(strings.json().errors).toEqual({ 'categories.0': ['Choose a category.'] });
    const tooMany = await admin.request({
      method: 'POST',
      url: updateUrl(membership.id),
      payload: { categories: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    expect(tooMany.json().errors).toEqual({ categories: ['At most 50 categories.'] });
  });

  it('answers 404 for an unknown membership and 403 for non-admins', async () => {
    const missing = await admin.request({
      method: 'POST',
      url: updateUrl(999_999),
      payload: { categories: [annual.id] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such membership.' });
    const membership = await make.membership();
    const refused = await manager.request({
      method: 'POST',
      url: updateUrl(membership.id),
      payload: { categories: [annual.id] },
    });
    expect(refused.statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: `${url}${membership.id}/` })).json().categories).toEqual([]);
  });
});

describe('DELETE /api/services/memberships/{id}/', () => {
  it('deletes it with its category links and allowed treatments, keeping them in the audit row', async () => {
    const membership = await make.membership({ categories: [annual.id] });
    const treatment = await make.treatment();
    await created(admin, 'membership-allowed-treatments', {
      membership: membership.id,
      treatment: treatment.id,
      sessions_included: 6,
      discount_percent: '10',
    });
    const before = (await admin.request({ method: 'GET', url: `${API}/membership-categories/${annual.id}/` })).json()
      .memberships_count;
    const res = await admin.request({ method: 'DELETE', url: `${url}${membership.id}/` });
    expect(res.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `${url}${membership.id}/` })).statusCode).toBe(404);
    expect(
      await ctx.database.db
        .select()
        .from(membershipAllowedTreatments)
        .where(eq(membershipAllowedTreatments.membershipId, membership.id)),
    ).toEqual([]);
    expect(
      (await admin.request({ method: 'GET', url: `${API}/membership-categories/${annual.id}/` })).json()
        .memberships_count,
    ).toBe(before - 1);
    const [row] = await auditRows(ctx.database.db, 'memberships', membership.id);
    expect(row).toMatchObject({ action: 'delete', actorId: adminId, after: null });
    expect(row!.before).toMatchObject({
      name: membership.name,
      categories: [annual.id],
      allowed_treatments: [{ treatment: treatment.id, sessions_included: 6, discount_percent: '10.00' }],
    });
    // The treatment is free again.
    expect((await admin.request({ method: 'DELETE', url: `${API}/treatments/${treatment.id}/` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 403 for non-admins', async () => {
    const missing = await admin.request({ method: 'DELETE', url: `${url}999999/` });
    expect(missing.statusCode).toBe(404);
    const membership = await make.membership();
    const refused = await therapist.request({ method: 'DELETE', url: `${url}${membership.id}/` });
    expect(refused.statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: `${url}${membership.id}/` })).statusCode).toBe(200);
  });
});
