import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, files } from '../../db/schema/index';
import { multipartFile, tinyPng, type Agent, type TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { action, connectSocket } from '../../test/ws-client';
import { openMigratedPglite } from '../../test/database';
import { seedDatabase } from '../../db/seed';
import { getSettings } from './configurations.service';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let salesperson: Agent;
let adminId: number;

beforeAll(async () => {
  ({ ctx, admin, manager, salesperson } = await startSignedIn('admin', 'manager', 'salesperson'));
  adminId = ctx.userIds.admin!;
});
afterAll(async () => {
  await ctx?.close();
});

/** The demo database (buildTestApp seeds it) switches every feature flag on (decision 0610). */
const ALL_ON = { banks: true, admin_dashboard: true, reports: true, users: true, payroll: true };
/** Which database this run's app is on (PostgreSQL with TEST_DATABASE_URL): the configuration says so. */
const database = () => (ctx.database.kind === 'postgres' ? 'postgresql' : 'embedded');
const settings = async () => (await ctx.app.inject({ method: 'GET', url: '/api/configurations/settings/' })).json();
const tinyJpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32)]);
const tinyWebp = () => {
  const body = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
};
const logoFiles = () => ctx.database.db.select({ id: files.id }).from(files).where(eq(files.kind, 'logo'));

describe('GET/PUT /api/configurations/', () => {
  it('Managers and Admins read the configuration; staff and strangers do not', async () => {
    const res = await manager.request({ method: 'GET', url: '/api/configurations/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      company_name: null,
      logoUrl: null,
      updated_at: expect.any(String),
      updated_by: null,
      updated_by_name: null,
      features: ALL_ON,
      sole_admin_approves_own_pay_runs: true,
      database: database(),
    });
    expect((await salesperson.request({ method: 'GET', url: '/api/configurations/' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/configurations/' })).statusCode).toBe(401);
  });

  it('an admin renames the company; the public settings follow; a blank name clears it', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/configurations/',
      payload: { company_name: '  Ginhawa Spa Manila  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_name: 'Ginhawa Spa Manila',
      updated_by: adminId,
      updated_by_name: 'Site Administrator',
      database: database(),
    });
    expect(await settings()).toEqual({ company_name: 'Ginhawa Spa Manila', logoUrl: null, features: ALL_ON });
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.tableName, 'configurations'));
    expect(entry).toMatchObject({
      action: 'update',
      actorId: adminId,
      before: expect.objectContaining({ company_name: null }),
      after: expect.objectContaining({ company_name: 'Ginhawa Spa Manila' }),
    });

    const cleared = await admin.request({
      method: 'PUT',
      url: '/api/configurations/',
      payload: { company_name: '   ' },
    });
    expect(cleared.json().company_name).toBeNull();
    expect((await settings()).company_name).toBeNull();
    await admin.request({ method: 'PUT', url: '/api/configurations/', payload: { company_name: 'Ginhawa Wellness' } });
  });

  it('refuses bad input and non-admins', async () => {
    const long = await admin.request({
      method: 'PUT',
      url: '/api/configurations/',
      payload: { company_name: 'x'.repeat(121) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { company_name: ['At most 120 characters.'] },
    });
    const wrongType = await admin.request({
      method: 'PUT',
      url: '/api/configurations/',
      payload: { company_name: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.company_name).toEqual(['Enter the company name, or leave it blank.']);
    const refused = await manager.request({
      method: 'PUT',
      url: '/api/configurations/',
      payload: { company_name: 'Managed' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await settings()).company_name).toBe('Ginhawa Wellness');
  });
});

describe('POST /api/configurations/update-logo/', () => {
  it('stores a PNG, serves it to anyone with its type, and the settings call returns its URL', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyPng(), { filename: 'logo.png' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logoUrl as string;
    expect(url).toMatch(/^\/api\/files\/\d+\/$/);
    expect(res.json().database).toBe(database());
    expect(await settings()).toEqual({ company_name: 'Ginhawa Wellness', logoUrl: url, features: ALL_ON });
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'update_logo'));
    expect(entry).toMatchObject({
      tableName: 'configurations',
      actorId: adminId,
      after: expect.objectContaining({ logoUrl: url }),
    });
  });

  it('judges JPEG and WebP by content whatever the name, and replaces the previous logo', async () => {
    const before = (await settings()).logoUrl as string | null;
    const jpeg = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyJpeg(), { filename: 'logo.png', contentType: 'image/png' }),
    });
    expect(jpeg.statusCode).toBe(200);
    const jpegUrl = jpeg.json().logoUrl as string;
    expect((await ctx.app.inject({ method: 'GET', url: jpegUrl })).headers['content-type']).toBe('image/jpeg');
    if (before) expect((await ctx.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
    const webp = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyWebp(), { filename: 'logo.bin', contentType: 'application/octet-stream' }),
    });
    expect(webp.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: webp.json().logoUrl })).headers['content-type']).toBe(
      'image/webp',
    );
    expect(await logoFiles()).toHaveLength(1);
  });

  it('refuses what is not PNG, JPEG or WebP, even when named like one', async () => {
    const current = (await settings()).logoUrl;
    for (const [bytes, filename] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'logo.gif'],
      [Buffer.from('%PDF-1.7'), 'logo.jpg'],
    ] as const) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/configurations/update-logo/',
        ...multipartFile(bytes, { filename, contentType: 'image/png' }),
      });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please correct the highlighted fields.',
        errors: { file: ['Only PNG, JPEG or WebP images are accepted.'] },
      });
    }
    expect((await settings()).logoUrl).toBe(current);
  });

  it('accepts exactly 2 MB and refuses more with 413', async () => {
    const exact = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyPng(2 * 1024 * 1024)),
    });
    expect(exact.statusCode).toBe(200);
    const kept = (await settings()).logoUrl;
    const over = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyPng(2 * 1024 * 1024 + 1)),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: 'The image is larger than 2 MB.',
      errors: { file: ['Choose an image of at most 2 MB.'] },
    });
    expect((await settings()).logoUrl).toBe(kept);
  });

  it('asks for a file when none is sent, and is for admins only', async () => {
    const json = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      payload: { file: 'logo.png' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ file: ['Choose an image to upload.'] });
    const wrongField = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyPng(), { field: 'logo' }),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual({ file: ['Choose an image to upload.'] });
    const refused = await manager.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      ...multipartFile(tinyPng()),
    });
    expect(refused.statusCode).toBe(403);
    const noCsrf = await admin.request({
      method: 'POST',
      url: '/api/configurations/update-logo/',
      csrf: false,
      ...multipartFile(tinyPng()),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/configurations/update-logo/', ...multipartFile(tinyPng()) }))
        .statusCode,
    ).toBe(401);
  });

  it('removing the logo brings back the built-in one and deletes the file', async () => {
    const url = (await settings()).logoUrl as string;
    expect(url).toBeTruthy();
    const res = await admin.request({ method: 'PUT', url: '/api/configurations/', payload: { remove_logo: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Ginhawa Wellness', logoUrl: null });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await logoFiles()).toHaveLength(0);
  });
});

describe('feature flags (decision 0610)', () => {
  const patch = (agent: Agent, features: Record<string, unknown>) =>
    agent.request({ method: 'PATCH', url: '/api/configurations/', payload: { features } });

  it('an Admin switches a flag off, forgets another, and every open panel hears it; the change is audited', async () => {
    const socket = await connectSocket(ctx.app, { agent: salesperson });
    await socket.next(action('user_notifications'));
    const before = (await settings()).company_name;

    const res = await patch(admin, { reports: false, banks: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().features).toEqual({ admin_dashboard: true, reports: false, users: true, payroll: true });
    expect(await socket.next(action('settings_changed'))).toEqual({ action: 'settings_changed' });
    // Readable by anyone (the sign-in screen's call): only the stored flags; the name is untouched.
    expect(await settings()).toMatchObject({
      company_name: before,
      features: { admin_dashboard: true, reports: false, users: true, payroll: true },
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'configurations'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      actorId: adminId,
      before: expect.objectContaining({ features: ALL_ON }),
      after: expect.objectContaining({
        features: { admin_dashboard: true, reports: false, users: true, payroll: true },
      }),
    });

    expect((await patch(admin, { reports: true, banks: true })).json().features).toEqual(ALL_ON);
    expect(await socket.next(action('settings_changed'))).toEqual({ action: 'settings_changed' });
    socket.ws.close();
  });

  it('a database without demo data stores no flag, so the build-time defaults hold', async () => {
    const database = await openMigratedPglite();
    try {
      await seedDatabase(database.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      expect(await getSettings(database.db)).toEqual({ company_name: null, logoUrl: null, features: {} });
    } finally {
      await database.close();
    }
  });

  it('only Admins switch flags; a value other than on/off is refused with the field named', async () => {
    for (const agent of [manager, salesperson]) {
      const refused = await patch(agent, { reports: false });
      expect(refused.statusCode).toBe(403);
    }
    expect((await settings()).features).toEqual(ALL_ON);
    const bad = await patch(admin, { reports: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'features.reports': ['Choose on or off.'] });
    // Unknown flags are dropped, as every unknown body key is.
    const unknown = await patch(admin, { spa_music: true });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().features).toEqual(ALL_ON);
  });

  it('routes of a flagged screen stay guarded by role whatever the flag says', async () => {
    expect((await patch(admin, { users: true })).statusCode).toBe(200);
    expect((await salesperson.request({ method: 'GET', url: '/api/users/' })).statusCode).toBe(403);
    expect((await patch(admin, { users: false })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: '/api/users/' })).statusCode).toBe(200);
    expect((await patch(admin, { users: true })).statusCode).toBe(200);
  });
});
