import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

let ctx: TestContext;
let admin: Agent;
let locationId: number;

const SOFTWARE = {
  supplier_name: 'Ginhawa Software',
  supplier_address: 'Makati City',
  supplier_tin: '987-654-321',
  accreditation_no: 'AC-0001',
  date_issued: '2026-01-05',
  valid_until: '2031-01-04',
};
const profile = (overrides: Record<string, unknown> = {}) => ({
  registered_name: 'Ginhawa Wellness Inc.',
  business_style: 'Ginhawa Spa',
  tin: '123456789',
  branch_code: '00000',
  registered_address: '1 Ayala Ave, Makati City',
  vat_status: 'vat',
  vat_rate: '12',
  software: SOFTWARE,
  ...overrides,
});

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  const res = await admin.request({
    method: 'POST',
    url: '/api/locations/',
    payload: { name: 'Invoicing Branch', opening_time: '10:00', closing_time: '20:00' },
  });
  locationId = res.json().id;
});
afterAll(async () => {
  await ctx?.close();
});

const terminal = (overrides: Record<string, unknown> = {}) => ({
  location: locationId,
  name: 'Front desk 1',
  min: '24011512345678901',
  serial_number: 'SN-1',
  permit_number: 'FP012026-043-0000001-00000',
  permit_date: '2026-01-10',
  invoice_prefix: 'SI-',
  next_invoice_number: 1001,
  ...overrides,
});

describe('/api/invoicing/profile/', () => {
  it("holds the demo seller's facts, and lists what a new branch still lacks", async () => {
    const res = await admin.request({ method: 'GET', url: '/api/invoicing/profile/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      registered_name: 'Ginhawa Wellness Corporation',
      tin: '009-123-456',
      branch_code: '00000',
      vat_status: 'vat',
      vat_rate: '12.00',
    });
    expect(res.json().missing).toEqual([
      'Invoicing Branch: its BIR branch code.',
      'Invoicing Branch: its registered address.',
      'Invoicing Branch: an active terminal.',
    ]);
  });

  it('names a blank registration fact as missing', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: '/api/invoicing/profile/',
      payload: { registered_name: '', software: { accreditation_no: '' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().missing).toEqual(
      expect.arrayContaining(['The registered name.', "The software's accreditation number."]),
    );
  });

  it('stores the facts with the TIN as the BIR prints it, audited', async () => {
    const res = await admin.request({ method: 'PUT', url: '/api/invoicing/profile/', payload: profile() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      registered_name: 'Ginhawa Wellness Inc.',
      tin: '123-456-789',
      vat_rate: '12.00',
      software: SOFTWARE,
    });
    expect(res.json().missing).not.toContain('The TIN.');
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'invoicing_profile'), eq(auditLog.action, 'update')));
    expect(rows.at(-1)!.after).toMatchObject({ tin: '123-456-789' });
  });

  it('changes only what PATCH gives, the software block in part', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: '/api/invoicing/profile/',
      payload: { vat_status: 'non_vat', software: { accreditation_no: 'AC-0002' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      vat_status: 'non_vat',
      registered_name: 'Ginhawa Wellness Inc.',
      software: { ...SOFTWARE, accreditation_no: 'AC-0002' },
    });
  });

  it.each([
    ['tin', { tin: '12-345' }, 'Enter the TIN as 000-000-000.'],
    ['branch_code', { branch_code: '0001' }, 'Enter the 5-digit branch code (00000 for the head office).'],
    ['vat_rate', { vat_rate: '112' }, 'Enter the VAT rate, like 12.00.'],
    ['vat_status', { vat_status: 'maybe' }, 'Choose VAT-registered or non-VAT.'],
  ])('refuses a malformed %s with a 400 on that field', async (field, change, message) => {
    const res = await admin.request({ method: 'PATCH', url: '/api/invoicing/profile/', payload: change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe("a branch's BIR facts (Locations)", () => {
  it('takes a 5-digit branch code and its registered address, and they leave the missing list', async () => {
    const bad = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${locationId}/`,
      payload: { branch_code: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.branch_code).toEqual(['Enter the 5-digit branch code, or leave it blank.']);
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/locations/${locationId}/`,
      payload: { branch_code: '00042', registered_address: '2 Emerald Ave, Pasig City' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ branch_code: '00042', registered_address: '2 Emerald Ave, Pasig City' });
    const missing = (await admin.request({ method: 'GET', url: '/api/invoicing/profile/' })).json().missing;
    expect(missing).not.toContain('Invoicing Branch: its BIR branch code.');
    expect(missing).not.toContain('Invoicing Branch: its registered address.');
  });
});

describe('/api/invoicing/terminals/', () => {
  let terminalId: number;

  it('creates a terminal at a branch, and the branch no longer lacks one', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/invoicing/terminals/', payload: terminal() });
    expect(res.statusCode, res.body).toBe(201);
    terminalId = res.json().id;
    expect(res.json()).toMatchObject({
      location: locationId,
      location_name: 'Invoicing Branch',
      name: 'Front desk 1',
      invoice_prefix: 'SI-',
      next_invoice_number: 1001,
      next_credit_memo_number: 1,
      grand_total: '0.00',
      z_counter: 0,
      reset_counter: 0,
      is_active: true,
    });
    const profileNow = (await admin.request({ method: 'GET', url: '/api/invoicing/profile/' })).json();
    expect(profileNow.missing).not.toContain('Invoicing Branch: an active terminal.');
  });

  it('refuses a second terminal of the same name at the branch (409), whatever the case', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/invoicing/terminals/',
      payload: terminal({ name: 'FRONT DESK 1' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toEqual(['This branch already has a terminal with this name.']);
  });

  it('refuses a prefix in lower case and a series starting at 0 (400 on each field)', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/invoicing/terminals/',
      payload: terminal({ name: 'Front desk 2', invoice_prefix: 'si-', next_invoice_number: 0 }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['invoice_prefix', 'next_invoice_number']);
  });

  it('refuses a terminal at an inactive branch (400 on location)', async () => {
    const closed = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: { name: 'Closed Branch', opening_time: '10:00', closing_time: '20:00', is_active: false },
    });
    const res = await admin.request({
      method: 'POST',
      url: '/api/invoicing/terminals/',
      payload: terminal({ location: closed.json().id }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.location).toEqual(['Closed Branch is inactive.']);
  });

  it('lists terminals by branch', async () => {
    const res = await admin.request({ method: 'GET', url: `/api/invoicing/terminals/?location=${locationId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((t: { name: string }) => t.name)).toEqual(['Front desk 1']);
  });

  it('never deletes a terminal: DELETE deactivates it, a second DELETE is 409', async () => {
    const first = await admin.request({ method: 'DELETE', url: `/api/invoicing/terminals/${terminalId}/` });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('deactivated');
    const read = await admin.request({ method: 'GET', url: `/api/invoicing/terminals/${terminalId}/` });
    expect(read.json().is_active).toBe(false);
    const second = await admin.request({ method: 'DELETE', url: `/api/invoicing/terminals/${terminalId}/` });
    expect(second.statusCode).toBe(409);
    const profileNow = (await admin.request({ method: 'GET', url: '/api/invoicing/profile/' })).json();
    expect(profileNow.missing).toContain('Invoicing Branch: an active terminal.');
  });
});
