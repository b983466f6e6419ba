import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, banks } from '../../db/schema/index';
import { BROKEN_TEXT_MESSAGE } from '@ginhawa/contract';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

let ctx: TestContext;
let admin: Agent;
let salesperson: Agent;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  salesperson = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test Bank',
  account_name: 'Ginhawa Wellness Inc.',
  account_number: '0012-3456-7890',
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await admin.request({ method: 'POST', url: '/api/banks/', payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

describe('POST /api/banks/', () => {
  it('creates an account with the number reduced to digits, audited', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/banks/',
      payload: body({ name: ' BPI ', account_number: '2718 2818 28' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'BPI',
      account_name: 'Ginhawa Wellness Inc.',
      account_number: '2718281828',
      account_number_masked: '••••1828',
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'banks'), eq(auditLog.rowId, String(res.json().id))));
    expect(entry).toMatchObject({ action: 'create' });
    expect((entry!.after as { account_number: string }).account_number).toBe('2718281828');
  });

  it('allows several accounts at one bank but not the same number twice', async () => {
    await create({ name: 'Metrobank', account_number: '111-222-333' });
    await create({ name: 'Metrobank', account_number: '111-222-334' });
    const dup = await admin.request({
      method: 'POST',
      url: '/api/banks/',
      payload: body({ name: 'METROBANK', account_number: '111222333' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'This bank already has an account with this number.',
      errors: { account_number: ['This bank already has an account with this number.'] },
    });
  });

  it('explains every bad field', async () => {
    const empty = await admin.request({ method: 'POST', url: '/api/banks/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name: ['This field is required.'],
      account_name: ['This field is required.'],
      account_number: ['Enter the account number.'],
    });
    const bad = await admin.request({
      method: 'POST',
      url: '/api/banks/',
      payload: { name: '', account_name: 'x'.repeat(151), account_number: 'ABC-123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: ['Enter the bank name.'],
      account_name: ['At most 150 characters.'],
      account_number: ['Use 4 to 34 digits (spaces and dashes are fine).'],
    });
    const blank = await admin.request({ method: 'POST', url: '/api/banks/', payload: body({ account_number: ' - ' }) });
    expect(blank.json().errors.account_number).toEqual(['Enter the account number.']);
    const short = await admin.request({ method: 'POST', url: '/api/banks/', payload: body({ account_number: '123' }) });
    expect(short.json().errors.account_number).toEqual(['Use 4 to 34 digits (spaces and dashes are fine).']);
  });

  it('is for admins only', async () => {
    const res = await salesperson.request({
      method: 'POST',
      url: '/api/banks/',
      payload: body({ name: 'Sneaky Bank' }),
    });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(banks).where(eq(banks.name, 'Sneaky Bank'));
    expect(row).toBeUndefined();
  });
});

describe('GET /api/banks/', () => {
  it('pages and searches by name, account name or number; staff may read the directory view', async () => {
    await create({ name: 'Search UnionBank', account_name: 'Ginhawa Makati', account_number: '5555 0000 1111' });
    await create({ name: 'Search Landbank', account_name: 'Ginhawa QC', account_number: '6666 0000 2222' });
    const inactive = await create({
      name: 'Search RCBC',
      account_name: 'Ginhawa Old',
      account_number: '7777 0000 3333',
    });
    await admin.request({ method: 'PATCH', url: `/api/banks/${inactive.id}/`, payload: { is_active: false } });

    const all = (await salesperson.request({ method: 'GET', url: '/api/banks/?search=search&pageSize=2' })).json();
    expect(all.count).toBe(3);
    expect(all.results.map((b: { name: string }) => b.name)).toEqual(['Search Landbank', 'Search RCBC']);
    expect(all.next).toBe('/api/banks/?search=search&pageSize=2&page=2');
    expect(all.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Search Landbank',
      account_number_masked: '••••2222',
      is_active: true,
    });
    const byNumber = (
      await admin.request({ method: 'GET', url: `/api/banks/?search=${encodeURIComponent('0000-2222')}` })
    ).json();
    expect(byNumber.results.map((b: { name: string }) => b.name)).toEqual(['Search Landbank']);
    const byAccountName = (await admin.request({ method: 'GET', url: '/api/banks/?search=makati' })).json();
    expect(byAccountName.results.map((b: { name: string }) => b.name)).toContain('Search UnionBank');
    // A digit-by-digit search would spell out the number the directory masks.
    expect(
      (
        await salesperson.request({ method: 'GET', url: `/api/banks/?search=${encodeURIComponent('0000-2222')}` })
      ).json().count,
    ).toBe(0);
    expect((await salesperson.request({ method: 'GET', url: '/api/banks/?search=makati' })).json().count).toBe(0);
    const sorted = await salesperson.request({ method: 'GET', url: '/api/banks/?ordering=account_number' });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors.ordering).toEqual(['Order by one of: name, is_active, id.']);
    const active = (
      await salesperson.request({ method: 'GET', url: '/api/banks/?search=search&is_active=true&ordering=-name' })
    ).json();
    expect(active.results.map((b: { name: string }) => b.name)).toEqual(['Search UnionBank', 'Search Landbank']);
  });

  it('needs a signed-in user and valid parameters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/banks/' })).statusCode).toBe(401);
    const bad = await salesperson.request({ method: 'GET', url: '/api/banks/?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.page).toEqual(['Pages start at 1.']);
  });
});

describe('GET/PUT/PATCH/DELETE /api/banks/{id}/', () => {
  it('reads one and 404s an unknown one', async () => {
    const bank = await create({ name: 'Read Bank' });
    const res = await salesperson.request({ method: 'GET', url: `/api/banks/${bank.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Read Bank');
    const missing = await salesperson.request({ method: 'GET', url: '/api/banks/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such bank account.' });
  });

  it('updates the fields sent, checking the number stays unique', async () => {
    const a = await create({ name: 'Security Bank', account_number: '8888 1111' });
    const b = await create({ name: 'Security Bank', account_number: '8888 2222' });
    const renamed = await admin.request({
      method: 'PATCH',
      url: `/api/banks/${a.id}/`,
      payload: { account_name: 'Ginhawa Pasig' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Security Bank',
      account_name: 'Ginhawa Pasig',
      account_number: '88881111',
    });
    const clash = await admin.request({
      method: 'PATCH',
      url: `/api/banks/${b.id}/`,
      payload: { account_number: '8888-1111' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.account_number).toEqual(['This bank already has an account with this number.']);
    const bad = await admin.request({ method: 'PATCH', url: `/api/banks/${b.id}/`, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual(['Enter the bank name.']);
    const missing = await admin.request({ method: 'PATCH', url: '/api/banks/999999/', payload: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    const refused = await salesperson.request({
      method: 'PATCH',
      url: `/api/banks/${a.id}/`,
      payload: { name: 'Mine' },
    });
    expect(refused.statusCode).toBe(403);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'banks'), eq(auditLog.rowId, String(a.id)), eq(auditLog.action, 'update')));
    expect(audits).toHaveLength(1);
    expect((audits[0]!.before as { account_name: string }).account_name).toBe('Ginhawa Wellness Inc.');
  });

  it('PUT replaces: every field is required', async () => {
    const bank = await create({ name: 'Replace Bank', account_number: '2468 1357' });
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/banks/${bank.id}/`,
      payload: { account_name: 'Only this' },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual({
      name: ['This field is required.'],
      account_number: ['Enter the account number.'],
    });
    const full = await admin.request({
      method: 'PUT',
      url: `/api/banks/${bank.id}/`,
      payload: body({ name: 'Replace Bank', account_number: '2468 1357', account_name: 'All of it' }),
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ account_name: 'All of it', is_active: true });
  });

  it('refuses lenient ids and control characters before any query', async () => {
    const bank = await create({ name: 'Strict Bank', account_number: '9753 1864' });
    for (const id of ['0x10', '1e1', '%2016', `0${bank.id}`]) {
      const res = await salesperson.request({ method: 'GET', url: `/api/banks/${id}/` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors.id).toEqual(['Not a valid id.']);
    }
    const nul = await salesperson.request({ method: 'GET', url: '/api/banks/?search=a%00b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.search).toEqual(['Remove the invisible control characters from this text.']);
    const named = await admin.request({
      method: 'PATCH',
      url: `/api/banks/${bank.id}/`,
      payload: { name: 'Bad\u0007Bank' },
    });
    expect(named.statusCode).toBe(400);
    // JSON's "\ud800" escape: half of a pair, which would be stored as U+FFFD.
    const half = await admin.request({
      method: 'PATCH',
      url: `/api/banks/${bank.id}/`,
      payload: { name: 'Half \ud83d' },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.name).toEqual([BROKEN_TEXT_MESSAGE]);
    expect((await admin.request({ method: 'GET', url: `/api/banks/${bank.id}/` })).json().name).toBe('Strict Bank');
  });

  it('deletes an unused account', async () => {
    const bank = await create({ name: 'Unused Bank', account_number: '4321 0987' });
    const res = await admin.request({ method: 'DELETE', url: `/api/banks/${bank.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted', message: 'Bank account Unused Bank ••••0987 deleted.' });
    expect((await admin.request({ method: 'DELETE', url: `/api/banks/${bank.id}/` })).statusCode).toBe(404);
  });

  it('deactivates an account that payments refer to, then refuses a second delete', async () => {
    const bank = await create({ name: 'Used Bank', account_number: '1357 2468' });
    // Stand-in for the sales table: any row referring to the bank keeps it.
    await ctx.database.db.execute(
      sql`create table bank_refs_test (id serial primary key, bank_id integer not null references banks(id))`,
    );
    await ctx.database.db.execute(sql`insert into bank_refs_test (bank_id) values (${bank.id})`);
    const res = await admin.request({ method: 'DELETE', url: `/api/banks/${bank.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'deactivated',
      message:
        'Bank account Used Bank ••••2468 is used by recorded payments, so it was deactivated instead of deleted.',
    });
    const [row] = await ctx.database.db.select().from(banks).where(eq(banks.id, bank.id));
    expect(row!.isActive).toBe(false);
    const again = await admin.request({ method: 'DELETE', url: `/api/banks/${bank.id}/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message:
        'Bank account Used Bank ••••2468 is used by recorded payments and is already inactive, so it cannot be deleted.',
    });
    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'banks'), eq(auditLog.rowId, String(bank.id))));
    expect(actions.map((a) => a.action)).toEqual(['create', 'deactivate']);
  });

  it('only admins delete', async () => {
    const bank = await create({ name: 'Kept Bank' });
    const res = await salesperson.request({ method: 'DELETE', url: `/api/banks/${bank.id}/` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
  });
});
