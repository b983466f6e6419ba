import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, clients, clientTreatments, notifications, sales } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { loadFixtures, type Fixtures } from './clients.test-helpers';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let salesperson: Agent;
let receptionist: Agent;
let f: Fixtures;

beforeAll(async () => {
  ({ ctx, admin, manager, salesperson, receptionist } = await startSignedIn(
    'admin',
    'manager',
    'salesperson',
    'receptionist',
  ));
  f = await loadFixtures(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

let phoneSeq = 1_000_000;
const nextPhone = () => `0917${String((phoneSeq += 1)).padStart(7, '0')}`;

type ClientRead = {
  id: number;
  full_name: string;
  phone: string | null;
  notes: string;
  location: number;
  location_name: string;
  is_active: boolean;
};
const newClient = async (overrides: Record<string, unknown> = {}, as: Agent = salesperson): Promise<ClientRead> => {
  const res = await as.request({
    method: 'POST',
    url: '/api/clients/',
    payload: { first_name: 'Test', last_name: 'Client', phone: nextPhone(), location: f.home, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

const payment = (overrides: Record<string, unknown> = {}) => ({
  location: f.home,
  salesperson: f.salesperson,
  payment_method: 'cash',
  ...overrides,
});
type Voucher = {
  id: number;
  code: string;
  sessions_total: number;
  sessions_used: number;
  sessions_remaining: number;
  status: string;
  sale: { id: number; amount: string; discount: string; net_amount: string };
};
const sellVoucher = async (
  client: number,
  overrides: Record<string, unknown> = {},
  as: Agent = salesperson,
): Promise<Voucher> => {
  const res = await as.request({
    method: 'POST',
    url: '/api/clients/treatments/',
    payload: { client, treatment: f.treatment.id, sessions: 3, ...payment(), ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const arrival = (client: number, overrides: Record<string, unknown> = {}) => ({
  client,
  location: f.home,
  time: '10:00',
  therapist: f.therapist,
  ...overrides,
});

describe('clients', () => {
  it('creates a client with the phone normalised to +63, audited with the API object', async () => {
    const res = await salesperson.request({
      method: 'POST',
      url: '/api/clients/',
      payload: {
        first_name: ' Rosa ',
        last_name: 'Dela Cruz',
        phone: '0917 555 0101',
        email: 'Rosa@Example.PH',
        location: f.home,
        gender: 'female',
        birthdate: '1990-04-02',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Dela Cruz',
      full_name: 'Rosa Dela Cruz',
      phone: '+639175550101',
      email: 'rosa@example.ph',
      location: f.home,
      is_active: true,
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'clients'), eq(auditLog.rowId, String(body.id))));
    expect(entry).toMatchObject({
      action: 'create',
      after: expect.objectContaining({ full_name: 'Rosa Dela Cruz', phone: '+639175550101' }),
    });
  });

  it('refuses a second client with the same phone (409 naming the first) unless confirmed', async () => {
    const first = await newClient({ first_name: 'Ana', last_name: 'Reyes', phone: '0918 222 3333' });
    const again = await salesperson.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: 'Ben', last_name: 'Reyes', phone: '+63 918 222 3333', location: f.home },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`Ana Reyes (client #${first.id})`);
    expect(again.json().errors.phone).toHaveLength(1);
    const confirmed = await newClient({
      first_name: 'Ben',
      last_name: 'Reyes',
      phone: '+63 918 222 3333',
      allow_duplicate_phone: true,
    });
    expect(confirmed.phone).toBe('+639182223333');
  });

  it('refuses bad fields with the field named', async () => {
    const res = await salesperson.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: '', last_name: 'X', phone: '12345', email: 'nope', location: f.home, gender: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'first_name', 'gender', 'phone']);
  });

  it('lists with page/pageSize defaults 1 and 100, filters and a fixed ordering enum', async () => {
    await newClient({ first_name: 'Zed', last_name: 'Zamora' });
    const res = await admin.request({
      method: 'GET',
      url: `/api/clients/?location=${f.home}&is_active=true&ordering=-id&pageSize=5`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBeGreaterThan(0);
    const ids = page.results.map((c: ClientRead) => c.id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.next).toContain('page=2');
    expect((await admin.request({ method: 'GET', url: '/api/clients/?ordering=-last_name' })).statusCode).toBe(200);
    expect(page.results.every((c: ClientRead) => c.location === f.home)).toBe(true);
    const bad = await admin.request({ method: 'GET', url: '/api/clients/?ordering=phone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.ordering).toBeDefined();
  });

  it('pages in surname order through the deferred join: pages join up, the count is exact, past the end is empty', async () => {
    const all = (
      await admin.request({ method: 'GET', url: '/api/clients/?pageSize=500&ordering=last_name,first_name' })
    ).json();
    const ids = all.results.map((c: ClientRead) => c.id);
    const first = (
      await admin.request({ method: 'GET', url: '/api/clients/?pageSize=7&ordering=last_name,first_name' })
    ).json();
    const second = (
      await admin.request({ method: 'GET', url: '/api/clients/?pageSize=7&page=2&ordering=last_name,first_name' })
    ).json();
    expect(first.count).toBe(all.count);
    expect([...first.results, ...second.results].map((c: ClientRead) => c.id)).toEqual(ids.slice(0, 14));
    const past = (
      await admin.request({ method: 'GET', url: `/api/clients/?pageSize=7&page=${Math.ceil(all.count / 7) + 3}` })
    ).json();
    expect(past).toMatchObject({ count: all.count, next: null, results: [] });
  });

  it('refuses control characters in names and notes, keeping newlines in notes', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: 'Ro\u0000sa', last_name: 'Cruz', notes: 'a\u0007b', location: f.home },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['first_name', 'notes']);
    const ok = await newClient({ first_name: 'Lines', last_name: 'Kept', notes: 'first\nsecond' });
    expect(ok.notes).toBe('first\nsecond');
  });

  it('lets every staff member read any client, home branch named; only the home branch’s Managers and Admins change it (403)', async () => {
    const elsewhere = await newClient({ first_name: 'Far', last_name: 'Away', location: f.other }, admin);
    const read = await salesperson.request({ method: 'GET', url: `/api/clients/${elsewhere.id}/` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: elsewhere.id, location: f.other, location_name: elsewhere.location_name });
    const list = await salesperson.request({ method: 'GET', url: `/api/clients/?pageSize=500&location=${f.other}` });
    expect(list.json().results.map((c: ClientRead) => c.id)).toContain(elsewhere.id);
    const create = await salesperson.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: 'No', last_name: 'Way', location: f.other },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/You do not work at .+, so you cannot record this there\./);
    expect((await manager.request({ method: 'GET', url: `/api/clients/${elsewhere.id}/` })).statusCode).toBe(200);
    // the demo manager runs the first two branches; the third is someone else's
    const third = await admin.request({ method: 'GET', url: '/api/locations/' });
    const thirdId = (third.json().results as { id: number }[])
      .map((l) => l.id)
      .filter((id) => id !== f.home && id !== f.other)[0]!;
    const far = await newClient({ first_name: 'Very', last_name: 'Far', location: thirdId }, admin);
    const patch = await manager.request({ method: 'PATCH', url: `/api/clients/${far.id}/`, payload: { notes: 'x' } });
    expect(patch.statusCode).toBe(403);
    expect(
      (await salesperson.request({ method: 'PATCH', url: `/api/clients/${far.id}/`, payload: { notes: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await salesperson.request({ method: 'GET', url: `/api/clients/${far.id}/` })).json().notes).toBe('');
    // bulk export stays with the home branch's Managers (and Admins): the far client is not in the manager's file
    const managerCsv = (await manager.request({ method: 'GET', url: '/api/clients/export/?search=very far' })).body;
    expect(managerCsv).not.toContain('Very,Far');
    const adminCsv = (await admin.request({ method: 'GET', url: '/api/clients/export/?search=very far' })).body;
    expect(adminCsv).toContain(`${far.id},Very,Far`);
  });

  it('updates with PUT and PATCH (managers), audited before/after', async () => {
    const c = await newClient();
    const patched = await manager.request({
      method: 'PATCH',
      url: `/api/clients/${c.id}/`,
      payload: { notes: 'Prefers light pressure.' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().notes).toBe('Prefers light pressure.');
    const put = await admin.request({
      method: 'PUT',
      url: `/api/clients/${c.id}/`,
      payload: { first_name: 'Put', last_name: 'Client', location: f.home },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ first_name: 'Put', phone: null, notes: '' });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'clients'), eq(auditLog.rowId, String(c.id)), eq(auditLog.action, 'update')));
    expect(entries).toHaveLength(2);
    expect(entries[0]!.before).toMatchObject({ notes: '' });
  });

  it('deletes a client with no history and deactivates one with history (same shape as banks)', async () => {
    const plain = await newClient();
    const del = await manager.request({ method: 'DELETE', url: `/api/clients/${plain.id}/` });
    expect(del.json()).toMatchObject({ result: 'deleted' });
    const used = await newClient();
    await sellVoucher(used.id);
    const deact = await manager.request({ method: 'DELETE', url: `/api/clients/${used.id}/` });
    expect(deact.statusCode).toBe(200);
    expect(deact.json()).toMatchObject({ result: 'deactivated' });
    expect((await admin.request({ method: 'DELETE', url: `/api/clients/${used.id}/` })).statusCode).toBe(409);
    expect((await salesperson.request({ method: 'DELETE', url: `/api/clients/${used.id}/` })).statusCode).toBe(403);
  });
});

describe('GET /api/clients/ in name order (cached page starts)', () => {
  type PageRead = { count: number; next: string | null; previous: string | null; results: ClientRead[] };
  const page = async (as: Agent, query: string): Promise<PageRead> => {
    const res = await as.request({ method: 'GET', url: `/api/clients/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The same page through the offset walk: `ordering=last_name` is the default order spelled out. */
  const pagesAgree = async (as: Agent, filters: string) => {
    const first = await page(as, `pageSize=3&${filters}`);
    const pages = Math.ceil(first.count / 3) + 1;
    for (let n = 1; n <= pages; n += 1) {
      const fast = await page(as, `pageSize=3&page=${n}&${filters}`);
      const walked = await page(as, `pageSize=3&page=${n}&ordering=last_name&${filters}`);
      expect(fast.count).toBe(walked.count);
      expect(
        fast.results.map((c) => c.id),
        `page ${n} of ${filters}`,
      ).toEqual(walked.results.map((c) => c.id));
      expect([fast.next === null, fast.previous === null]).toEqual([walked.next === null, walked.previous === null]);
    }
    return first.count;
  };
  it('answers every page as the offset walk does, for each scope and filter', async () => {
    await newClient({ first_name: 'Ana', last_name: 'Abad' });
    await newClient({ first_name: 'Ana', last_name: 'Abad' });
    await newClient({ first_name: 'Ben', last_name: 'Abad', location: f.other }, admin);
    expect(await pagesAgree(admin, '')).toBeGreaterThan(3);
    await pagesAgree(admin, `location=${f.other}`);
    await pagesAgree(admin, 'is_active=true');
    await pagesAgree(salesperson, '');
  });
  it('pages past several starts at any page size, as the offset walk does', async () => {
    const values = Array.from({ length: 230 }, (_, i) => ({
      firstName: `Bulk${String(i).padStart(3, '0')}`,
      lastName: i % 2 ? 'Paging' : 'Pagination',
      locationId: f.home,
    }));
    await ctx.database.db.insert(clients).values(values);
    for (const size of [7, 45, 100]) {
      const first = await page(admin, `pageSize=${size}`);
      for (let n = 1; n <= Math.ceil(first.count / size) + 1; n += 1) {
        const fast = await page(admin, `pageSize=${size}&page=${n}`);
        const walked = await page(admin, `pageSize=${size}&page=${n}&ordering=last_name`);
        expect(
          fast.results.map((c) => c.id),
          `page ${n} of ${size}`,
        ).toEqual(walked.results.map((c) => c.id));
        expect(fast.count).toBe(walked.count);
      }
    }
  });
  it('sees a client added, renamed or deactivated on the next request', async () => {
    const before = await page(admin, 'pageSize=2');
    const added = await newClient({ first_name: 'Aaron', last_name: 'Aaaby' });
    const after = await page(admin, 'pageSize=2');
    expect(after.count).toBe(before.count + 1);
    expect(after.results[0]!.id).toBe(added.id);
    await admin.request({ method: 'PATCH', url: `/api/clients/${added.id}/`, payload: { last_name: 'Zzzyzx' } });
    expect((await page(admin, 'pageSize=2')).results.map((c) => c.id)).not.toContain(added.id);
    const active = await page(admin, 'pageSize=2&is_active=true');
    await admin.request({ method: 'PATCH', url: `/api/clients/${added.id}/`, payload: { is_active: false } });
    expect((await page(admin, 'pageSize=2&is_active=true')).count).toBe(active.count - 1);
    await pagesAgree(admin, 'is_active=false');
  });
});

describe('GET /api/clients/search/', () => {
  let rosa: ClientRead;
  beforeAll(async () => {
    rosa = await newClient({
      first_name: 'Rosalinda',
      last_name: 'Dela Paz',
      phone: '0966 123 4567',
      email: 'linda.paz@mail.ph',
    });
    await newClient({ first_name: 'Rosa', last_name: 'Pazcoguin', phone: '0966 999 0000' });
  });
  const ids = async (q: string, as: Agent = salesperson) => {
    const [words, filters] = q.split(/&(.*)/s);
    const res = await as.request({
      method: 'GET',
      url: `/api/clients/search/?q=${encodeURIComponent(words!)}${filters ? `&${filters}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().results as ClientRead[]).map((c) => c.id);
  };
  it.each([
    'dela paz rosalinda',
    'PAZ ROSALINDA',
    'rosalinda',
    '0966 123 4567',
    '+639661234567',
    '966 123 4567',
    '9661234567',
    'linda.paz@mail.ph',
    '1234567',
  ])('finds by %s', async (q) => {
    expect(await ids(q)).toContain(rosa.id);
  });
  it('puts the best match first and misses what does not match', async () => {
    const found = await ids('rosalinda dela paz');
    expect(found[0]).toBe(rosa.id);
    expect(await ids('zzzz nobody')).toEqual([]);
  });
  it('keeps filters apart per shape: each request answers with its own values', async () => {
    const away = await newClient({ first_name: 'Rosalinda', last_name: 'Dela Paz', location: f.other }, admin);
    const inactive = await newClient({ first_name: 'Rosalinda', last_name: 'Dela Paz' });
    await admin.request({ method: 'PATCH', url: `/api/clients/${inactive.id}/`, payload: { is_active: false } });
    // Clients belong to the business (decision 0410): the salesperson, who works at home only,
    // finds the other branch's client as the Admin does; a location filter still narrows.
    expect(await ids('rosalinda paz')).toEqual(expect.arrayContaining([rosa.id, away.id, inactive.id]));
    expect(await ids(`rosalinda paz&location=${f.home}`)).not.toContain(away.id);
    expect(await ids('rosalinda paz', admin)).toEqual(expect.arrayContaining([rosa.id, away.id, inactive.id]));
    // Active clients rank first, and a filter given once is not remembered by the next request.
    expect((await ids('rosalinda paz', admin)).at(-1)).toBe(inactive.id);
    expect(await ids(`rosalinda paz&location=${f.other}`, admin)).toEqual([away.id]);
    expect(await ids(`rosalinda paz&location=${f.home}`, admin)).toEqual(
      expect.arrayContaining([rosa.id, inactive.id]),
    );
    expect(await ids('rosalinda paz&is_active=false', admin)).toEqual([inactive.id]);
    expect(await ids('rosalinda paz&is_active=true', admin)).not.toContain(inactive.id);
    expect(await ids('rosalinda paz', admin)).toContain(inactive.id);
  });
  it('escapes LIKE wildcards and needs a q', async () => {
    expect(await ids('%')).toEqual([]);
    expect((await salesperson.request({ method: 'GET', url: '/api/clients/search/' })).statusCode).toBe(400);
  });
});

describe('selling vouchers and memberships', () => {
  it('sells a voucher at the catalogue price × sessions with a discount, one sale row, code V-000…', async () => {
    const c = await newClient();
    const v = await sellVoucher(c.id, { discount: '100' });
    expect(v.code).toMatch(/^V-\d{6}$/);
    const expected = (Number(f.treatment.price) * 3).toFixed(2);
    expect(v.sale).toMatchObject({
      amount: expected,
      discount: '100.00',
      net_amount: (Number(expected) - 100).toFixed(2),
    });
    expect(v).toMatchObject({ sessions_total: 3, sessions_used: 0, sessions_remaining: 3, status: 'active' });
    const [row] = await ctx.database.db.select().from(sales).where(eq(sales.id, v.sale.id));
    expect(row).toMatchObject({ kind: 'voucher', reference: v.code, clientId: c.id, date: todayInManila() });
  });

  it('needs a bank for card and bank transfer, and refuses a discount above the price', async () => {
    const c = await newClient();
    const card = await salesperson.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: { client: c.id, treatment: f.treatment.id, ...payment({ payment_method: 'card' }) },
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors.bank).toBeDefined();
    // An e-wallet (GCash, Maya) payment is traced by its reference, as an imported line's is.
    const eWallet = await salesperson.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: { client: c.id, treatment: f.treatment.id, ...payment({ payment_method: 'e_wallet' }) },
    });
    expect(eWallet.statusCode).toBe(400);
    expect(eWallet.json().errors).toEqual({ reference_no: ['Enter the e-wallet reference number.'] });
    const ok = await salesperson.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: {
        client: c.id,
        treatment: f.treatment.id,
        ...payment({ payment_method: 'bank_transfer', bank: f.bank }),
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const tooMuch = await salesperson.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: { client: c.id, treatment: f.treatment.id, ...payment({ discount: '999999' }) },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.discount).toBeDefined();
    const wrongSeller = await salesperson.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: { client: c.id, treatment: f.treatment.id, ...payment({ salesperson: f.otherSalesperson }) },
    });
    expect(wrongSeller.json().errors.salesperson).toBeDefined();
  });

  it('a retried sale with the same Idempotency-Key stores one sale and answers as the first did', async () => {
    const c = await newClient();
    const key = `test-key-${Date.now()}`;
    const send = () =>
      salesperson.request({
        method: 'POST',
        url: '/api/clients/treatments/',
        headers: { 'idempotency-key': key },
        payload: { client: c.id, treatment: f.treatment.id, ...payment() },
      });
    const [a, b] = await Promise.all([send(), send()]);
    const c3 = await send();
    expect([a.statusCode, b.statusCode, c3.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(c3.json()).toEqual(a.json());
    const [n] = await ctx.database.db.select({ n: count() }).from(sales).where(eq(sales.clientId, c.id));
    expect(n!.n).toBe(1);
    const [v] = await ctx.database.db
      .select({ n: count() })
      .from(clientTreatments)
      .where(eq(clientTreatments.clientId, c.id));
    expect(v!.n).toBe(1);
    const otherKind = await salesperson.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      headers: { 'idempotency-key': key },
      payload: { client: c.id, membership: f.membership.id, ...payment() },
    });
    expect(otherKind.statusCode).toBe(422);
  });

  it('sells a membership: the membership, one voucher per included treatment, one sale; services lists them', async () => {
    const c = await newClient();
    const res = await salesperson.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      payload: {
        client: c.id,
        membership: f.membership.id,
        ...payment({ payment_method: 'e_wallet', reference_no: '7001 552 913840' }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({
      client: c.id,
      membership: f.membership.id,
      status: 'active',
      price_paid: f.membership.price,
      sale: { kind: 'membership', reference: `CM-${m.id}`, amount: f.membership.price },
    });
    expect(m.vouchers.length).toBeGreaterThan(0);
    expect(m.vouchers.find((v: { treatment: number }) => v.treatment === f.membership.treatment)).toMatchObject({
      sessions_total: f.membership.sessions,
      sessions_used: 0,
    });
    const services = await receptionist.request({ method: 'GET', url: `/api/clients/${c.id}/services/` });
    expect(services.statusCode).toBe(200);
    expect(services.json().vouchers).toHaveLength(m.vouchers.length);
    const line = services
      .json()
      .memberships[0].allowed_treatments.find((t: { treatment: number }) => t.treatment === f.membership.treatment);
    expect(line).toMatchObject({ sessions_included: f.membership.sessions, sessions_remaining: f.membership.sessions });
    const list = await salesperson.request({ method: 'GET', url: `/api/clients/memberships/?client=${c.id}` });
    expect(list.json().count).toBe(1);
    expect((await salesperson.request({ method: 'GET', url: `/api/clients/memberships/${m.id}/` })).json().id).toBe(
      m.id,
    );
    const vouchers = await salesperson.request({
      method: 'GET',
      url: `/api/clients/treatments/?client=${c.id}&status=active`,
    });
    expect(vouchers.json().count).toBe(m.vouchers.length);
  });
});

describe('arrivals', () => {
  it('redeems a voucher session, notifies the therapist with a link, and a cancel gives it back once', async () => {
    const c = await newClient();
    const v = await sellVoucher(c.id, { sessions: 2 });
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { voucher: v.id, receptionist: f.receptionist }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      client: c.id,
      voucher: v.id,
      voucher_code: v.code,
      treatment: f.treatment.id,
      status: 'arrived',
      date: todayInManila(),
    });
    expect(
      (await salesperson.request({ method: 'GET', url: `/api/clients/treatments/${v.id}/` })).json().sessions_used,
    ).toBe(1);
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, f.therapistUserId), eq(notifications.type, 'client_arrival')));
    expect(note).toMatchObject({ link: `/clients/${c.id}` });
    const cancel = await receptionist.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${a.id}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect(
      (await salesperson.request({ method: 'GET', url: `/api/clients/treatments/${v.id}/` })).json().sessions_used,
    ).toBe(0);
    const twice = await receptionist.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${a.id}/`,
      payload: { status: 'cancelled' },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await salesperson.request({ method: 'GET', url: `/api/clients/treatments/${v.id}/` })).json().sessions_used,
    ).toBe(0);
  });

  it('refuses with the field named: someone else’s voucher, used up (409), wrong treatment, off-grid time, therapist elsewhere', async () => {
    const c = await newClient();
    const other = await newClient();
    const v = await sellVoucher(c.id, { sessions: 1 });
    const post = (payload: Record<string, unknown>) =>
      receptionist.request({ method: 'POST', url: '/api/clients/arrivals/', payload });
    const foreign = await post(arrival(other.id, { voucher: v.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.voucher[0]).toContain('another client');
    const wrongTreatment = await post(arrival(c.id, { voucher: v.id, treatment: f.otherTreatment }));
    expect(wrongTreatment.json().errors.treatment).toBeDefined();
    const offGrid = await post(arrival(c.id, { time: '10:07' }));
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().errors.time).toBeDefined();
    const elsewhere = await post(arrival(c.id, { therapist: f.otherTherapist }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.therapist[0]).toContain('another location');
    expect((await post(arrival(c.id, { voucher: v.id }))).statusCode).toBe(201);
    const usedUp = await post(arrival(c.id, { voucher: v.id }));
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().errors.voucher[0]).toContain('used up');
  });

  it('refuses an expired voucher and one whose membership was cancelled', async () => {
    const c = await newClient();
    // Entering history is an Admin's (decision 0710).
    const expired = await sellVoucher(c.id, { date: '2024-01-01', expires_on: '2024-02-01' }, admin);
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { voucher: expired.id }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.voucher[0]).toContain('expired');
    const m = (
      await salesperson.request({
        method: 'POST',
        url: '/api/clients/memberships/',
        payload: { client: c.id, membership: f.membership.id, ...payment() },
      })
    ).json();
    expect(
      (
        await manager.request({
          method: 'PATCH',
          url: `/api/clients/memberships/${m.id}/`,
          payload: { status: 'cancelled' },
        })
      ).statusCode,
    ).toBe(200);
    const viaMembership = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { voucher: m.vouchers[0].id }),
    });
    expect(viaMembership.statusCode).toBe(400);
    // The day in words, as every refusal writes one ('26 Nov 2026'), not 2026-11-26.
    expect(viaMembership.json().errors.voucher[0]).toMatch(/ is not active on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    const direct = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { client_membership: m.id, treatment: f.membership.treatment }),
    });
    expect(direct.json().errors.client_membership[0]).toMatch(
      /^This membership is not active on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/,
    );
  });

  it('counts and charts arrivals (not cancelled) by day, hour, location and therapist', async () => {
    const c = await newClient();
    // Arrivals of a past month: entered by an Admin (decision 0710).
    await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { date: '2025-03-03', time: '14:15' }),
    });
    await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { date: '2025-03-03', time: '14:45' }),
    });
    await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(c.id, { date: '2025-03-04', time: '09:00' }),
    });
    const n = await manager.request({ method: 'GET', url: '/api/clients/arrivals/arrivals_count/?date=2025-03-03' });
    expect(n.json()).toEqual({ count: 2, date_from: '2025-03-03', date_to: '2025-03-03' });
    const data = (
      await manager.request({
        method: 'GET',
        url: '/api/clients/arrivals/data/?date_from=2025-03-01&date_to=2025-03-05',
      })
    ).json();
    expect(data.by_day).toEqual([
      { date: '2025-03-03', count: 2 },
      { date: '2025-03-04', count: 1 },
    ]);
    expect(data.by_hour).toEqual([
      { hour: 9, count: 1 },
      { hour: 14, count: 2 },
    ]);
    expect(data.by_location).toEqual([{ location: f.home, location_name: expect.any(String), count: 3 }]);
    expect(data.by_therapist).toEqual([{ therapist: f.therapist, therapist_name: expect.any(String), count: 3 }]);
    const list = await receptionist.request({
      method: 'GET',
      url: `/api/clients/arrivals/?client=${c.id}&date_from=2025-03-04`,
    });
    expect(list.json().count).toBe(1);
  });
});

describe('client history', () => {
  type Entry = {
    id: number;
    at: string;
    actor: number | null;
    actor_name: string;
    action: string;
    table: string;
    changes: { field: string; before: unknown; after: unknown }[];
    subject: Record<string, string>;
  };

  it('lists the create and the PATCH, newest first, with the changed field and who did it', async () => {
    const client = await newClient({ first_name: 'Hist', last_name: 'Ory', phone: '0917 700 0001' }, admin);
    const patched = await manager.request({
      method: 'PATCH',
      url: `/api/clients/${client.id}/`,
      payload: { phone: '0918 700 0002' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await salesperson.request({ method: 'GET', url: `/api/clients/${client.id}/history/` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { count: number; next: string | null; results: Entry[] };
    expect(page.count).toBe(2);
    const [update, create] = page.results;
    expect(update).toMatchObject({
      action: 'update',
      table: 'clients',
      changes: [{ field: 'phone', before: '+639177000001', after: '+639187000002' }],
    });
    expect(update!.actor_name).not.toBe('System');
    expect(create).toMatchObject({ action: 'create', table: 'clients' });
    expect(create!.changes).toEqual(
      expect.arrayContaining([
        { field: 'first_name', before: null, after: 'Hist' },
        { field: 'phone', before: null, after: '+639177000001' },
      ]),
    );
    expect(create!.changes.map((c) => c.field)).not.toContain('updated_at');
    expect(update!.actor).not.toBe(create!.actor);
    expect(new Date(update!.at).getTime()).toBeGreaterThanOrEqual(new Date(create!.at).getTime());
  });

  it('includes the vouchers sold to the client and pages with next', async () => {
    const client = await newClient();
    await sellVoucher(client.id);
    const res = await salesperson.request({ method: 'GET', url: `/api/clients/${client.id}/history/?pageSize=1` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { count: number; next: string | null; results: Entry[] };
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({
      action: 'sell',
      table: 'client_treatments',
      actor_name: expect.any(String),
    });
    expect(page.next).toContain('page=2');
    const second = await salesperson.request({ method: 'GET', url: page.next! });
    expect((second.json() as { results: Entry[] }).results[0]).toMatchObject({ action: 'create', table: 'clients' });
  });

  it('is one timeline of purchases, arrivals and redemptions, also for rows written in bulk without an audit row', async () => {
    const client = await newClient({ first_name: 'Time', last_name: 'Line' });
    const voucher = await sellVoucher(client.id);
    const logged = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(client.id, { treatment: f.treatment.id, voucher: voucher.id }),
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const read = async () => {
      const res = await salesperson.request({ method: 'GET', url: `/api/clients/${client.id}/history/` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: Entry[] };
    };
    const audited = await read();
    expect(audited.results.map((e) => `${e.table}:${e.action}`)).toEqual([
      'client_arrivals:create',
      'client_treatments:sell',
      'clients:create',
    ]);
    expect(audited.results[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'voucher_code', before: null, after: voucher.code }]),
    );

    // The demo seed and migrations write vouchers and arrivals in bulk, with no audit row: the
    // timeline reads them from the rows instead of saying "No history yet.".
    await ctx.database.db
      .delete(auditLog)
      .where(and(eq(auditLog.tableName, 'client_treatments'), eq(auditLog.rowId, String(voucher.id))));
    await ctx.database.db
      .delete(auditLog)
      .where(and(eq(auditLog.tableName, 'client_arrivals'), eq(auditLog.rowId, String(logged.json().id))));
    const bulk = await read();
    expect(bulk.count).toBe(3);
    const byTable = Object.fromEntries(bulk.results.map((e) => [e.table, e]));
    expect(byTable.client_treatments).toMatchObject({ action: 'sell', actor_name: expect.any(String) });
    expect(byTable.client_treatments!.changes).toEqual(
      expect.arrayContaining([
        { field: 'code', before: null, after: voucher.code },
        { field: 'sessions_total', before: null, after: 3 },
      ]),
    );
    expect(byTable.client_arrivals).toMatchObject({ action: 'create' });
    // A bulk visit names its therapist as a logged one does, so it reads as the same sentence.
    expect(byTable.client_arrivals!.changes).toContainEqual({
      field: 'therapist_name',
      before: null,
      after: audited.results[0]!.subject.therapist_name,
    });
    expect(byTable.client_arrivals!.changes).toEqual(
      expect.arrayContaining([
        { field: 'voucher_code', before: null, after: voucher.code },
        { field: 'time', before: null, after: '10:00' },
      ]),
    );
    expect(bulk.results.every((e) => e.table === 'clients' || e.id < 0)).toBe(true);
    expect(new Set(bulk.results.map((e) => e.id)).size).toBe(3);
    // A page past the end still knows the count.
    const past = await salesperson.request({
      method: 'GET',
      url: `/api/clients/${client.id}/history/?page=2&pageSize=3`,
    });
    expect(past.json()).toMatchObject({ count: 3, results: [] });
  });

  it('names the visit a cancel is about, though only its status changed', async () => {
    const client = await newClient({ first_name: 'Can', last_name: 'Celled' });
    const logged = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: arrival(client.id, { treatment: f.treatment.id, time: '11:45' }),
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const cancel = await receptionist.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${logged.json().id}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await salesperson.request({ method: 'GET', url: `/api/clients/${client.id}/history/` });
    const [cancelled, created] = (res.json() as { results: Entry[] }).results;
    expect(cancelled).toMatchObject({ table: 'client_arrivals', action: 'cancel' });
    expect(cancelled!.changes.map((c) => c.field)).not.toContain('time');
    expect(cancelled!.subject).toEqual({
      client_name: 'Can Celled',
      date: logged.json().date,
      time: '11:45',
      location_name: logged.json().location_name,
      treatment_name: logged.json().treatment_name,
      therapist_name: logged.json().therapist_name,
    });
    expect(created!.subject).toMatchObject({ time: '11:45', therapist_name: logged.json().therapist_name });
  });

  it('answers staff of another branch (clients belong to the business), 404 for a missing client, and refuses a bad id', async () => {
    const far = await newClient({ location: f.other, first_name: 'Far' }, admin);
    const history = await salesperson.request({ method: 'GET', url: `/api/clients/${far.id}/history/` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().results.map((e: { action: string }) => e.action)).toEqual(['create']);
    const missing = await salesperson.request({ method: 'GET', url: `/api/clients/99999999/history/` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(
      (await salesperson.request({ method: 'GET', url: `/api/clients/99999999/` })).json(),
    );
    expect((await salesperson.request({ method: 'GET', url: '/api/clients/abc/history/' })).statusCode).toBe(400);
    expect(
      (await salesperson.request({ method: 'GET', url: `/api/clients/${far.id}/history/?page=0` })).statusCode,
    ).toBe(400);
  });
});
