import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestContext } from '../../test/build';
import { API, auditRows, created, startCatalogueApp, unique, type CatalogueMakers } from './services.test-helpers';

let ctx: TestContext;
let admin: Agent;
let receptionist: Agent;
let salesperson: Agent;
let manager: Agent;
let adminId: number;
let make: CatalogueMakers;
let categoryId: number;

const url = `${API}/treatments/`;

beforeAll(async () => {
  ({ ctx, admin, adminId, make, receptionist, salesperson, manager } = await startCatalogueApp(
    'receptionist',
    'salesperson',
    'manager',
  ));
  categoryId = (await make.treatmentCategory(unique('Massages'))).id;
});
afterAll(async () => {
  await ctx?.close();
});

const valid = () => ({ name: unique('Swedish Massage'), category: categoryId, duration_minutes: 60, price: '1200' });

describe('POST /api/services/treatments/', () => {
  it('creates a treatment (201): price as a 2-decimal string, category name beside the id, active by default, audited', async () => {
    const body = valid();
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { ...body, description: 'Long strokes, light pressure.' },
    });
    expect(res.statusCode).toBe(201);
    const treatment = res.json();
    expect(treatment).toMatchObject({
      name: body.name,
      category: categoryId,
      duration_minutes: 60,
      price: '1200.00',
      description: 'Long strokes, light pressure.',
      is_active: true,
    });
    expect(treatment.category_name).toMatch(/^Massages /);
    const [row] = await auditRows(ctx.database.db, 'treatments', treatment.id);
    expect(row).toMatchObject({ action: 'create', actorId: adminId, before: null });
    expect(row!.after).toMatchObject({ name: body.name, price: '1200.00' });
  });

  it('keeps how its sale is taxed: VATable and senior/PWD-eligible by default, else as sent (issue 33)', async () => {
    const plain = await admin.request({ method: 'POST', url, payload: valid() });
    expect(plain.json()).toMatchObject({ tax_class: 'vatable', senior_pwd_eligible: true });
    const exempt = await admin.request({
      method: 'POST',
      url,
      payload: { ...valid(), tax_class: 'vat_exempt', senior_pwd_eligible: false },
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    expect(exempt.json()).toMatchObject({ tax_class: 'vat_exempt', senior_pwd_eligible: false });
    const bad = await admin.request({ method: 'POST', url, payload: { ...valid(), tax_class: 'luxury' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tax_class).toEqual(['Choose VATable, VAT-exempt or zero-rated.']);
  });

  it('accepts a free treatment and the largest price numeric(12,2) holds', async () => {
    const free = await admin.request({ method: 'POST', url, payload: { ...valid(), price: '0' } });
    expect(free.json().price).toBe('0.00');
    const big = await admin.request({
      method: 'POST',
      url,
      payload: { ...valid(), price: '9999999999.99', is_active: false },
    });
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ price: '9999999999.99', is_active: false });
  });

  it.each([
    [
      'duration off the 15-minute grid',
      { duration_minutes: 50 },
      { duration_minutes: ['Use a multiple of 15 minutes (15, 30, 45, 60 …).'] },
    ],
    ['zero duration', { duration_minutes: 0 }, { duration_minutes: ['At least 15 minutes.'] }],
    ['duration over 8 hours', { duration_minutes: 495 }, { duration_minutes: ['At most 480 minutes (8 hours).'] }],
    ['fractional duration', { duration_minutes: 22.5 }, { duration_minutes: ['Use whole minutes.'] }],
    ['duration as text', { duration_minutes: '60' }, { duration_minutes: ['Expected number.'] }],
    ['negative price', { price: '-5.00' }, { price: ['The price cannot be negative.'] }],
    [
      'three decimals',
      { price: '12.345' },
      { price: ['Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).'] },
    ],
    [
      'price beyond numeric(12,2)',
      { price: '10000000000' },
      { price: ['Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).'] },
    ],
    ['price as a number', { price: 1200 }, { price: ['Expected string.'] }],
    [
      'price as words',
      { price: 'twelve hundred' },
      { price: ['Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).'] },
    ],
    ['no category', { category: undefined }, { category: ['Choose a category.'] }],
    ['category as text', { category: 'Massages' }, { category: ['Choose a category.'] }],
    ['category zero', { category: 0 }, { category: ['Choose a category.'] }],
    ['empty name', { name: '' }, { name: ['Enter a name.'] }],
    ['is_active as text', { is_active: 'yes' }, { is_active: ['Expected boolean.'] }],
  ])('refuses %s with a field error (400)', async (_, change, errors) => {
    const res = await admin.request({ method: 'POST', url, payload: { ...valid(), ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please correct the highlighted fields.', errors });
  });

  it('refuses an unknown category with a 400 on category, never a 500', async () => {
    for (const category of [999_999, 2_147_483_647]) {
      const res = await admin.request({ method: 'POST', url, payload: { ...valid(), category } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please correct the highlighted fields.',
        errors: { category: ['No such treatment category.'] },
      });
    }
    const tooBig = await admin.request({ method: 'POST', url, payload: { ...valid(), category: 2_147_483_648 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ category: ['Choose a category.'] });
  });

  it('keeps names unique within a category (ignoring case) but allows the same name in another one', async () => {
    const name = unique('Hot Stone');
    await created(admin, 'treatments', { ...valid(), name });
    const clash = await admin.request({ method: 'POST', url, payload: { ...valid(), name: name.toLowerCase() } });
    expect(clash.statusCode).toBe(409);
    const category = (await admin.request({ method: 'GET', url: `${API}/treatment-categories/${categoryId}/` })).json()
      .name;
    expect(clash.json()).toEqual({
      message: `A treatment named "${name.toLowerCase()}" already exists in ${category}.`,
      errors: { name: [`${category} already has a treatment with this name.`] },
    });
    const other = await make.treatmentCategory();
    const elsewhere = await admin.request({ method: 'POST', url, payload: { ...valid(), name, category: other.id } });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('is for admins only', async () => {
    for (const agent of [receptionist, salesperson, manager]) {
      const res = await agent.request({ method: 'POST', url, payload: valid() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url, payload: valid() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/services/treatments/', () => {
  let listCategory: number;
  let listCategoryName: string;
  beforeAll(async () => {
    listCategoryName = unique('Body Scrubs');
    listCategory = (await make.treatmentCategory(listCategoryName)).id;
    await make.treatment({ category: listCategory, name: 'Coffee Scrub', price: '950.00', duration_minutes: 45 });
    await make.treatment({ category: listCategory, name: 'Salt Glow', price: '1100.50', duration_minutes: 60 });
    await make.treatment({
      category: listCategory,
      name: 'Ube Polish',
      price: '800.00',
      duration_minutes: 30,
      is_active: false,
    });
  });

  const names = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

  it('lists for any signed-in person, filtered by category, ordered by name', async () => {
    const res = await receptionist.request({ method: 'GET', url: `${url}?category=${listCategory}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(3);
    expect(names(res)).toEqual(['Coffee Scrub', 'Salt Glow', 'Ube Polish']);
    expect(res.json().results[1]).toMatchObject({ price: '1100.50', duration_minutes: 60, category: listCategory });
  });

  it('filters by is_active and searches by name or category', async () => {
    const active = await receptionist.request({ method: 'GET', url: `${url}?category=${listCategory}&is_active=true` });
    expect(names(active)).toEqual(['Coffee Scrub', 'Salt Glow']);
    const inactive = await receptionist.request({
      method: 'GET',
      url: `${url}?category=${listCategory}&is_active=false`,
    });
    expect(names(inactive)).toEqual(['Ube Polish']);
    const search = await receptionist.request({ method: 'GET', url: `${url}?category=${listCategory}&search=SALT` });
    expect(names(search)).toEqual(['Salt Glow']);
    const byCategory = await receptionist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(listCategoryName)}&ordering=price`,
    });
    expect(names(byCategory)).toEqual(['Ube Polish', 'Coffee Scrub', 'Salt Glow']);
  });

  it('orders by price or duration and pages on the server', async () => {
    const dear = await receptionist.request({
      method: 'GET',
      url: `${url}?category=${listCategory}&ordering=-price&pageSize=2`,
    });
    expect(names(dear)).toEqual(['Salt Glow', 'Coffee Scrub']);
    expect(dear.json()).toMatchObject({ count: 3, previous: null });
    const rest = await receptionist.request({ method: 'GET', url: dear.json().next });
    expect(names(rest)).toEqual(['Ube Polish']);
    expect(rest.json().previous).toContain('page=1');
    const short = await receptionist.request({
      method: 'GET',
      url: `${url}?category=${listCategory}&ordering=duration_minutes`,
    });
    expect(names(short)).toEqual(['Ube Polish', 'Coffee Scrub', 'Salt Glow']);
  });

  it('refuses malformed filters with field errors', async () => {
    const badCategory = await receptionist.request({ method: 'GET', url: `${url}?category=abc` });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toEqual({ category: ['Not a valid id.'] });
    const badActive = await receptionist.request({ method: 'GET', url: `${url}?is_active=maybe` });
    expect(badActive.statusCode).toBe(400);
    expect(Object.keys(badActive.json().errors)).toEqual(['is_active']);
    const badSize = await receptionist.request({ method: 'GET', url: `${url}?pageSize=501` });
    expect(badSize.json().errors).toEqual({ pageSize: ['At most 500 rows a page.'] });
    const badOrdering = await receptionist.request({ method: 'GET', url: `${url}?ordering=-secret` });
    expect(badOrdering.statusCode).toBe(400);
    expect(badOrdering.json().errors.ordering[0]).toContain('price');
  });

  it('reads one treatment, 404 when unknown', async () => {
    const treatment = await make.treatment({ category: listCategory });
    const one = await receptionist.request({ method: 'GET', url: `${url}${treatment.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: treatment.id, name: treatment.name, category: listCategory });
    const missing = await receptionist.request({ method: 'GET', url: `${url}999999/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such treatment.' });
  });
});

describe('PUT and PATCH /api/services/treatments/{id}/', () => {
  it('replaces every field with PUT and records before and after', async () => {
    const treatment = await make.treatment({ category: categoryId, description: 'Old text' });
    const other = await make.treatmentCategory();
    const res = await admin.request({
      method: 'PUT',
      url: `${url}${treatment.id}/`,
      payload: { name: `${treatment.name} Deluxe`, category: other.id, duration_minutes: 90, price: '1750.5' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: `${treatment.name} Deluxe`,
      category: other.id,
      category_name: other.name,
      duration_minutes: 90,
      price: '1750.50',
      description: '',
      is_active: true,
    });
    const [row] = await auditRows(ctx.database.db, 'treatments', treatment.id);
    expect(row).toMatchObject({ action: 'update', actorId: adminId });
    expect(row!.before).toMatchObject({ price: '1200.00', duration_minutes: 60, description: 'Old text' });
    expect(row!.after).toMatchObject({ price: '1750.50', duration_minutes: 90 });
  });

  it('PUT needs the whole object', async () => {
    const treatment = await make.treatment({ category: categoryId });
    const res = await admin.request({ method: 'PUT', url: `${url}${treatment.id}/`, payload: { price: '1.00' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['category', 'duration_minutes', 'name']);
  });

  it('deactivates with PATCH, leaving the other fields alone', async () => {
    const treatment = await make.treatment({ category: categoryId, description: 'Keep me' });
    const res = await admin.request({ method: 'PATCH', url: `${url}${treatment.id}/`, payload: { is_active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_active: false,
      name: treatment.name,
      price: '1200.00',
      description: 'Keep me',
      duration_minutes: 60,
    });
    const reactivated = await admin.request({
      method: 'PATCH',
      url: `${url}${treatment.id}/`,
      payload: { is_active: true },
    });
    expect(reactivated.json().is_active).toBe(true);
  });

  it('validates PATCH fields like POST', async () => {
    const treatment = await make.treatment({ category: categoryId });
    const grid = await admin.request({
      method: 'PATCH',
      url: `${url}${treatment.id}/`,
      payload: { duration_minutes: 70 },
    });
    expect(grid.statusCode).toBe(400);
    expect(grid.json().errors).toEqual({ duration_minutes: ['Use a multiple of 15 minutes (15, 30, 45, 60 …).'] });
    const unknown = await admin.request({
      method: 'PATCH',
      url: `${url}${treatment.id}/`,
      payload: { category: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category: ['No such treatment category.'] });
    const unchanged = await admin.request({ method: 'GET', url: `${url}${treatment.id}/` });
    expect(unchanged.json()).toMatchObject({ duration_minutes: 60, category: categoryId });
  });

  it('refuses to move or rename onto a name the target category already has (409)', async () => {
    const target = await make.treatmentCategory();
    const existing = await make.treatment({ category: target.id, name: unique('Ventosa') });
    const mover = await make.treatment({ category: categoryId, name: existing.name.toUpperCase() });
    const move = await admin.request({ method: 'PATCH', url: `${url}${mover.id}/`, payload: { category: target.id } });
    expect(move.statusCode).toBe(409);
    expect(move.json().errors).toEqual({ name: [`${target.name} already has a treatment with this name.`] });
    const sibling = await make.treatment({ category: target.id });
    const rename = await admin.request({
      method: 'PATCH',
      url: `${url}${sibling.id}/`,
      payload: { name: existing.name },
    });
    expect(rename.statusCode).toBe(409);
    const sameRow = await admin.request({
      method: 'PATCH',
      url: `${url}${existing.id}/`,
      payload: { name: existing.name, price: '99.00' },
    });
    expect(sameRow.statusCode).toBe(200);
  });

  it('answers 404 for an unknown treatment and 403 for non-admins', async () => {
    const missing = await admin.request({ method: 'PATCH', url: `${url}999999/`, payload: { is_active: false } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such treatment.' });
    const treatment = await make.treatment({ category: categoryId });
    const refused = await manager.request({
      method: 'PATCH',
      url: `${url}${treatment.id}/`,
      payload: { is_active: false },
    });
    expect(refused.statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: `${url}${treatment.id}/` })).json().is_active).toBe(true);
  });
});

describe('DELETE /api/services/treatments/{id}/', () => {
  it('deletes an unused treatment (200) and audits it', async () => {
    const treatment = await make.treatment({ category: categoryId });
    const res = await admin.request({ method: 'DELETE', url: `${url}${treatment.id}/` });
    expect(res.statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `${url}${treatment.id}/` })).statusCode).toBe(404);
    const [row] = await auditRows(ctx.database.db, 'treatments', treatment.id);
    expect(row).toMatchObject({ action: 'delete', actorId: adminId, after: null });
    expect(row!.before).toMatchObject({ name: treatment.name });
  });

  it('refuses a treatment a membership includes (409) and says to deactivate it', async () => {
    const treatment = await make.treatment({ category: categoryId });
    const silver = await make.membership({ name: unique('Silver') });
    const gold = await make.membership({ name: unique('Gold') });
    for (const m of [silver, gold])
      await created(admin, 'membership-allowed-treatments', {
        membership: m.id,
        treatment: treatment.id,
        sessions_included: 2,
      });
    const res = await admin.request({ method: 'DELETE', url: `${url}${treatment.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `This treatment is in use: included in 2 memberships (${gold.name}, ${silver.name}). Deactivate it instead of deleting it.`,
    });
    expect((await admin.request({ method: 'GET', url: `${url}${treatment.id}/` })).statusCode).toBe(200);
    expect((await auditRows(ctx.database.db, 'treatments', treatment.id)).map((r) => r.action)).toEqual(['create']);
    const deactivated = await admin.request({
      method: 'PATCH',
      url: `${url}${treatment.id}/`,
      payload: { is_active: false },
    });
    expect(deactivated.json().is_active).toBe(false);
  });

  it('is for admins only and 404 for unknown ids', async () => {
    const treatment = await make.treatment({ category: categoryId });
    const refused = await salesperson.request({ method: 'DELETE', url: `${url}${treatment.id}/` });
    expect(refused.statusCode).toBe(403);
    const missing = await admin.request({ method: 'DELETE', url: `${url}999999/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such treatment.' });
  });
});
