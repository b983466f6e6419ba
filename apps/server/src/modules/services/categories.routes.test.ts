import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestContext } from '../../test/build';
import { API, auditRows, created, startCatalogueApp, unique, type CatalogueMakers } from './services.test-helpers';

let ctx: TestContext;
let admin: Agent;
let therapist: Agent;
let manager: Agent;
let adminId: number;
let make: CatalogueMakers;

beforeAll(async () => {
  ({ ctx, admin, adminId, make, therapist, manager } = await startCatalogueApp('therapist', 'manager'));
});
afterAll(async () => {
  await ctx?.close();
});

const kinds = [
  {
    path: 'treatment-categories',
    table: 'treatment_categories',
    label: 'treatment category',
    countKey: 'treatments_count',
  },
  {
    path: 'membership-categories',
    table: 'membership_categories',
    label: 'membership category',
    countKey: 'memberships_count',
  },
] as const;

describe.each(kinds)('/api/services/$path/', ({ path, table, label, countKey }) => {
  const url = `${API}/${path}/`;

  it('creates a category (201) with an audit row, trimming the name', async () => {
    const name = unique('Signature');
    const res = await admin.request({
      method: 'POST',
      url,
      payload: { name: `  ${name}  `, description: 'House specials' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name, description: 'House specials', [countKey]: 0 });
    expect(body.id).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    const [row] = await auditRows(ctx.database.db, table, body.id);
    expect(row).toMatchObject({ action: 'create', actorId: adminId, before: null });
    expect(row!.after).toMatchObject({ name, description: 'House specials' });
  });

  it('lets every signed-in person read, and nobody signed out', async () => {
    const category = await created(admin, path, { name: unique('Readable') });
    const list = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(category.name as string)}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: category.id, name: category.name }],
    });
    const one = await therapist.request({ method: 'GET', url: `${url}${category.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json().name).toBe(category.name);
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('refuses every write to non-admins (403), managers included, and changes nothing', async () => {
    const category = await created(admin, path, { name: unique('Guarded') });
    for (const [agent, method, target, payload] of [
      [therapist, 'POST', url, { name: unique('Nope') }],
      [manager, 'POST', url, { name: unique('Nope') }],
      [therapist, 'PUT', `${url}${category.id}/`, { name: 'Renamed' }],
      [manager, 'PATCH', `${url}${category.id}/`, { name: 'Renamed' }],
      [manager, 'DELETE', `${url}${category.id}/`, undefined],
    ] as const) {
      const res = await agent.request({ method, url: target, ...(payload && { payload }) });
      expect(res.statusCode, `${method} ${target}`).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    const after = await admin.request({ method: 'GET', url: `${url}${category.id}/` });
    expect(after.json().name).toBe(category.name);
  });

  it('needs the CSRF header on writes', async () => {
    const res = await admin.request({ method: 'POST', url, payload: { name: unique('No CSRF') }, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/CSRF/);
  });

  it('answers bad input with field errors', async () => {
    const empty = await admin.request({ method: 'POST', url, payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { name: ['Enter a name.'] },
    });
    const missing = await admin.request({ method: 'POST', url, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ name: ['This field is required.'] });
    const long = await admin.request({ method: 'POST', url, payload: { name: 'x'.repeat(101) } });
    expect(long.json().errors).toEqual({ name: ['Names are at most 100 characters.'] });
    const wrongType = await admin.request({ method: 'POST', url, payload: { name: 42 } });
    expect(wrongType.json().errors).toEqual({ name: ['Expected string.'] });
    const malformed = await admin.request({
      method: 'POST',
      url,
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('keeps names unique ignoring case (409 with a field error)', async () => {
    const name = unique('Wellness');
    await created(admin, path, { name });
    const res = await admin.request({ method: 'POST', url, payload: { name: name.toUpperCase() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `A ${label} named "${name.toUpperCase()}" already exists.`,
      errors: { name: [`A ${label} with this name already exists.`] },
    });
  });

  it('updates with PUT and PATCH, refusing a rename onto another name', async () => {
    const taken = await created(admin, path, { name: unique('Taken') });
    const category = await created(admin, path, { name: unique('Original'), description: 'Old' });
    const put = await admin.request({
      method: 'PUT',
      url: `${url}${category.id}/`,
      payload: { name: `${category.name} Renamed` },
    });
    expect(put.statusCode).toBe(200);
    // PUT sends the whole object: a missing description becomes empty.
    expect(put.json()).toMatchObject({ id: category.id, name: `${category.name} Renamed`, description: '' });
    const patch = await admin.request({
      method: 'PATCH',
      url: `${url}${category.id}/`,
      payload: { description: 'New words' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ name: `${category.name} Renamed`, description: 'New words' });
    const sameNameDifferentCase = await admin.request({
      method: 'PATCH',
      url: `${url}${category.id}/`,
      payload: { name: `${category.name} RENAMED` },
    });
    expect(sameNameDifferentCase.statusCode).toBe(200);
    const clash = await admin.request({ method: 'PATCH', url: `${url}${category.id}/`, payload: { name: taken.name } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ name: [`A ${label} with this name already exists.`] });
    const [latest] = await auditRows(ctx.database.db, table, category.id);
    expect(latest).toMatchObject({ action: 'update', actorId: adminId });
    expect(latest!.before).toMatchObject({ description: 'New words' });
    expect(latest!.after).toMatchObject({ name: `${category.name} RENAMED` });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await admin.request({
        method,
        url: `${url}999999/`,
        ...(method === 'PUT' || method === 'PATCH' ? { payload: { name: 'Ghost' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: `No such ${label}.` });
    }
    const bad = await admin.request({ method: 'GET', url: `${url}abc/` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ id: ['Not a valid id.'] });
  });

  it('pages, searches and orders on the server', async () => {
    const tag = unique('Paged');
    for (const suffix of ['Charlie', 'alpha', 'Bravo']) await created(admin, path, { name: `${tag} ${suffix}` });
    const first = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&pageSize=2`,
    });
    expect(first.json()).toMatchObject({ count: 3, previous: null });
    expect(first.json().results.map((r: { name: string }) => r.name)).toEqual([`${tag} alpha`, `${tag} Bravo`]);
    expect(first.json().next).toContain('page=2');
    const second = await therapist.request({ method: 'GET', url: first.json().next });
    expect(second.json().results.map((r: { name: string }) => r.name)).toEqual([`${tag} Charlie`]);
    expect(second.json().next).toBeNull();
    const reversed = await therapist.request({
      method: 'GET',
      url: `${url}?search=${encodeURIComponent(tag)}&ordering=-name`,
    });
    expect(reversed.json().results.map((r: { name: string }) => r.name)).toEqual([
      `${tag} Charlie`,
      `${tag} Bravo`,
      `${tag} alpha`,
    ]);
    const wildcard = await therapist.request({ method: 'GET', url: `${url}?search=%25` });
    expect(wildcard.json().count).toBe(0);
    const badOrdering = await therapist.request({ method: 'GET', url: `${url}?ordering=password` });
    expect(badOrdering.statusCode).toBe(400);
    expect(badOrdering.json().errors.ordering[0]).toMatch(/^Order by one of: name, /);
    const badPage = await therapist.request({ method: 'GET', url: `${url}?page=0` });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors).toEqual({ page: ['Pages start at 1.'] });
  });

  it('deletes an unused category (200) with an audit row', async () => {
    const category = await created(admin, path, { name: unique('Short-lived') });
    const res = await admin.request({ method: 'DELETE', url: `${url}${category.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'deleted',
      message: expect.stringMatching(/^(Treatment|Membership) category “Short-lived.*” deleted.$/),
    });
    expect((await admin.request({ method: 'GET', url: `${url}${category.id}/` })).statusCode).toBe(404);
    const [row] = await auditRows(ctx.database.db, table, category.id);
    expect(row).toMatchObject({ action: 'delete', actorId: adminId, after: null });
    expect(row!.before).toMatchObject({ name: category.name });
  });
});

describe('deleting a category in use', () => {
  it('refuses a treatment category that still has treatments (409), naming them', async () => {
    const category = await created<{ name: string }>(admin, 'treatment-categories', { name: unique('Facials') });
    const a = await make.treatment({ category: category.id, name: 'Anti-Aging Facial' });
    await make.treatment({ category: category.id, name: 'Acne Facial' });
    const counted = await admin.request({ method: 'GET', url: `${API}/treatment-categories/${category.id}/` });
    expect(counted.json().treatments_count).toBe(2);
    const res = await admin.request({ method: 'DELETE', url: `${API}/treatment-categories/${category.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'This treatment category is in use: it has 2 treatments (Acne Facial, Anti-Aging Facial). Move or delete what uses it first.',
    });
    expect(
      (await admin.request({ method: 'GET', url: `${API}/treatment-categories/${category.id}/` })).statusCode,
    ).toBe(200);
    expect(await auditRows(ctx.database.db, 'treatment_categories', category.id)).toHaveLength(1);
    // Moving the treatments out frees it.
    const other = await created(admin, 'treatment-categories', { name: unique('Elsewhere') });
    const moved = await admin.request({
      method: 'PATCH',
      url: `${API}/treatments/${a.id}/`,
      payload: { category: other.id },
    });
    expect(moved.statusCode).toBe(200);
    const still = await admin.request({ method: 'DELETE', url: `${API}/treatment-categories/${category.id}/` });
    expect(still.json().message).toMatch(/it has 1 treatment \(Acne Facial\)/);
  });

  it('refuses a membership category that memberships are listed under (409), naming them', async () => {
    const category = await created<{ name: string }>(admin, 'membership-categories', { name: unique('Annual') });
    const gold = await make.membership({ name: unique('Gold'), categories: [category.id] });
    const counted = await admin.request({ method: 'GET', url: `${API}/membership-categories/${category.id}/` });
    expect(counted.json().memberships_count).toBe(1);
    const res = await admin.request({ method: 'DELETE', url: `${API}/membership-categories/${category.id}/` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `This membership category is in use: 1 membership is listed under it (${gold.name}). Move or delete what uses it first.`,
    });
    await admin.request({
      method: 'POST',
      url: `${API}/memberships/${gold.id}/update_categories/`,
      payload: { categories: [] },
    });
    const freed = await admin.request({ method: 'DELETE', url: `${API}/membership-categories/${category.id}/` });
    expect(freed.statusCode).toBe(200);
  });
});
