import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { clients, locations } from '../../db/schema/index';
import { multipartFile, type Agent, type TestContext } from '../../test/build';
import { signIn, startSignedIn } from '../../test/agents';
import { parseCsv } from '../../lib/csv';
import { splitFullName } from './csv';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let home: { id: number; name: string };

beforeAll(async () => {
  ({ ctx, admin, manager } = await startSignedIn('admin', 'manager'));
  [home] = (await ctx.database.db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .orderBy(locations.id)
    .limit(1)) as [{ id: number; name: string }];
});
afterAll(async () => {
  await ctx?.close();
});

const total = async () => (await ctx.database.db.select({ n: count() }).from(clients))[0]!.n;
const csvPost = (as: Agent, body: string, dryRun: boolean) =>
  as.request({
    method: 'POST',
    url: `/api/clients/import/?dry_run=${dryRun}`,
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });

describe('csv helpers', () => {
  it('parses quotes, commas, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffname,notes\r\n"Cruz, Rosa","said ""hi""\nthen left"\r\nJo,x')).toEqual([
      ['name', 'notes'],
      ['Cruz, Rosa', 'said "hi"\nthen left'],
      ['Jo', 'x'],
    ]);
  });
  it('splits Filipino names', () => {
    expect(splitFullName('Rosa Dela Cruz')).toEqual({ first: 'Rosa', last: 'Dela Cruz' });
    expect(splitFullName('Maria Clara de los Santos')).toEqual({ first: 'Maria Clara', last: 'de los Santos' });
    expect(splitFullName('Dela Cruz, Rosa')).toEqual({ first: 'Rosa', last: 'Dela Cruz' });
    expect(splitFullName('Juan Santos')).toEqual({ first: 'Juan', last: 'Santos' });
  });
});

describe('POST /api/clients/import/', () => {
  const good = () =>
    `name,phone,email,birthdate,gender,location,notes\nRosa Dela Cruz,0917 700 0001,rosa@mail.ph,1990-01-02,Female,${'HOME'},VIP\n"Santos, Juan",+63 917 700 0002,,,,${'HOME'},\n`;
  it('dry run answers what would be created and changes nothing; the real run stores it all', async () => {
    const before = await total();
    const body = good().replaceAll('HOME', home.name);
    const dry = await csvPost(admin, body, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, count: 2, errors: [] });
    expect(dry.json().preview[1]).toMatchObject({
      line: 3,
      first_name: 'Juan',
      last_name: 'Santos',
      phone: '+639177000002',
      location_name: home.name,
    });
    expect(await total()).toBe(before);
    const real = await csvPost(admin, body, false);
    expect(real.statusCode, real.body).toBe(201);
    expect(real.json()).toMatchObject({ dry_run: false, count: 2 });
    expect(await total()).toBe(before + 2);
    const [rosa] = await ctx.database.db.select().from(clients).where(eq(clients.phone, '+639177000001'));
    expect(rosa).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Dela Cruz',
      gender: 'female',
      birthdate: '1990-01-02',
      notes: 'VIP',
      locationId: home.id,
    });
  });

  it('reports every bad line with its number and field, and a refused real run leaves nothing behind', async () => {
    const before = await total();
    const body = [
      'first_name,last_name,phone,email,location',
      `Ana,Reyes,0917 700 1001,ana@mail.ph,${home.name}`,
      `,Bautista,0917 700 1002,,${home.name}`,
      `Carlo,Garcia,12345,not-an-email,${home.name}`,
      `Dina,Lim,0917 700 1001,,${home.name}`,
      `Ella,Tan,0917 700 1005,,Nowhere Branch`,
      `Rosa,Again,0917 700 0001,,${home.name}`,
    ].join('\n');
    const dry = await csvPost(admin, body, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().count).toBe(1);
    expect(dry.json().errors.map((e: { line: number; field: string }) => `${e.line}:${e.field}`)).toEqual([
      '3:first_name',
      '4:phone',
      '4:email',
      '5:phone',
      '6:location',
      '7:phone',
    ]);
    const real = await csvPost(admin, body, false);
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toContain('Nothing was imported');
    expect(real.json().errors['line 4: phone']).toBeDefined();
    expect(await total()).toBe(before);
  });

  it('takes a multipart file too, refuses a file without a name column, and is for managers', async () => {
    const file = multipartFile(Buffer.from(`name,location\nMultipart Person,${home.name}\n`), {
      filename: 'clients.csv',
      contentType: 'text/csv',
    });
    const res = await manager.request({ method: 'POST', url: '/api/clients/import/?dry_run=true', ...file });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(1);
    const noName = await csvPost(admin, 'phone\n09171234567\n', true);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.file).toBeDefined();
    const staff = await signIn(ctx.app, 'salesperson');
    expect((await csvPost(staff, `name,location\nX Y,${home.name}\n`, true)).statusCode).toBe(403);
  });
});

describe('GET /api/clients/export/', () => {
  it('streams the filtered list as CSV with a header, guarding against formulas', async () => {
    await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: '=HYPERLINK("x")', last_name: 'Formula', location: home.id },
    });
    const res = await admin.request({ method: 'GET', url: `/api/clients/export/?location=${home.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    // The header as a spreadsheet shows it, spelled out here rather than taken from the service.
    expect(rows[0]!.join(',')).toBe(
      'id,first_name,last_name,phone,email,birthdate,gender,location,address,notes,is_active,created_at',
    );
    const [n] = await ctx.database.db.select({ n: count() }).from(clients).where(eq(clients.locationId, home.id));
    expect(rows.length - 1).toBe(n!.n);
    expect(rows.find((r) => r[2] === 'Formula')![1]).toBe(`'=HYPERLINK("x")`);
    expect(rows.slice(1).every((r) => r[7] === home.name)).toBe(true);
  });
});
