import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { clients, employees } from '../db/schema/index';
import { parseCsv } from '../lib/csv';
import { loadFixtures, type Fixtures } from '../modules/clients/clients.test-helpers';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from './build';

// Issue 23, honest CSV in and out, through the routes: what a file or body that is not UTF-8, a
// header with a repeated or unknown column, and a formula-looking name do at every import and export.
let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let f: Fixtures;
const EVIL_FIRST = "-2+3+cmd|' /C calc'!A0";
const EVIL_LAST = '+1+1';

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  f = await loadFixtures(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const importCsv = (body: Buffer | string) =>
  admin.request({
    method: 'POST',
    url: '/api/clients/import/?dry_run=false',
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });
const clientCount = async () => (await ctx.database.db.select({ n: count() }).from(clients))[0]!.n;

describe('CSV in', () => {
  it('a latin-1 clients file is a 400 naming its line, and nothing is stored', async () => {
    const before = await clientCount();
    const res = await importCsv(
      Buffer.concat([Buffer.from('name,phone\nAna Cruz,\nJuan Pe'), Buffer.from([0xf1]), Buffer.from('aflor,\n')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Line 3 of the file is not UTF-8 text.',
      errors: { line_3: ['Not UTF-8 text: save the file as "CSV UTF-8" and upload it again.'] },
    });
    expect(await clientCount()).toBe(before);
  });

  it('a clients file with name,name or an unknown column is a 400 naming it', async () => {
    const twice = await importCsv('name,name\nAna Cruz,Ana Reyes\n');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.file[0]).toBe('Column(s) named twice: name.');
    const unknown = await importCsv('name,favourite_colour\nAna Cruz,blue\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.file[0]).toBe('Unknown column(s): favourite_colour.');
  });

  it('a sales file with two amount columns is a 400 naming it; a latin-1 one names its line', async () => {
    const url = `/api/reports/store-sales-data/?location=${f.home}&date=${todayInManila()}`;
    const twice = await admin.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/csv' },
      payload: `salesperson,amount,payment_method,amount\n${f.salesperson},100.00,cash,900.00\n`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.file[0]).toBe('Column(s) named twice: amount.');
    const latin1 = await admin.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.concat([
        Buffer.from(`salesperson,amount,payment_method,reference\n${f.salesperson},100.00,cash,Pe`),
        Buffer.from([0xf1]),
        Buffer.from('a\n'),
      ]),
    });
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().errors).toHaveProperty('line_2');
  });

  it('a multipart upload that is not a CSV type is 415', async () => {
    const boundary = 'x-boundary';
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/import/?dry_run=true',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nname\nAna\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The file is not a CSV file.');
  });

  it('invalid UTF-8 in a JSON body is a 400 naming the field, and nothing is stored', async () => {
    const before = await clientCount();
    const body = Buffer.concat([
      Buffer.from(`{"first_name":"Juan","last_name":"Pe`),
      Buffer.from([0xf1]),
      Buffer.from(`aflor","location":${f.home}}`),
    ]);
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not UTF-8 text.',
      errors: { last_name: ['Not UTF-8 text.'] },
    });
    expect(await clientCount()).toBe(before);
  });
});

describe('CSV out', () => {
  it('every export starts with the BOM and no cell would be evaluated by a spreadsheet', async () => {
    await ctx.database.db
      .update(employees)
      .set({ firstName: EVIL_FIRST, lastName: EVIL_LAST })
      .where(eq(employees.id, f.salesperson));
    const created = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: EVIL_FIRST, last_name: EVIL_LAST, location: f.home },
    });
    expect(created.statusCode, created.body).toBe(201);
    const today = todayInManila();
    const stored = await admin.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      payload: {
        location: f.home,
        date: today,
        sales: [{ salesperson: f.salesperson, amount: '100.00', discount: '0', payment_method: 'cash' }],
      },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const [year, month, day] = today.split('-').map(Number);
    const exports = [
      `/api/clients/export/?location=${f.home}`,
      `/api/reports/daily-sales/?date_from=${today}&date_to=${today}&format=csv`,
      `/api/reports/get-daily-sales-report/?date=${today}&format=csv`,
      `/api/reports/get-personal-sales/?salesperson_id=${f.salesperson}&month=${month}&year=${year}&format=csv`,
      `/api/reports/get-location-sales/?month=${month}&year=${year}&format=csv`,
      `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=${day! <= 15 ? 1 : 2}&format=csv`,
      `/api/reports/liability/?format=csv`,
      `/api/clients/arrivals/data/?format=csv&series=day`,
    ];
    let evilCells = 0;
    for (const url of exports) {
      const res = await admin.request({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body.startsWith('\ufeff'), url).toBe(true);
      for (const cell of parseCsv(res.body).flat()) {
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell, url).toMatch(/^[+-]?\d+(\.\d+)?$/);
        if (cell === `'${EVIL_FIRST}` || cell === `'${EVIL_LAST}` || cell.startsWith(`'${EVIL_FIRST} `)) evilCells += 1;
      }
    }
    // The names went out, neutralised (clients export, daily sales, personal sales, leaderboard…).
    expect(evilCells).toBeGreaterThanOrEqual(3);
  });

  it('a Manager’s clients export also carries the BOM', async () => {
    const res = await manager.request({ method: 'GET', url: '/api/clients/export/' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\ufeff')).toBe(true);
  });
});
