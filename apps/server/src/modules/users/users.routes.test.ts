import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, users } from '../../db/schema/index';
import { buildTestApp, multipartFile, tinyPng, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';

let ctx: TestContext;
let therapistId: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'therapist'));
  therapistId = row!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('update_avatar', () => {
  it('stores a PNG, serves it to signed-in users with its content type, and replaces the old one', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const first = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng()),
    });
    expect(first.statusCode).toBe(200);
    const avatar = first.json().avatar as string;
    expect(avatar).toMatch(/^\/api\/files\/\d+\/$/);
    const served = await agent.request({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);

    const second = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng(), { filename: 'me.jpg', contentType: 'image/jpeg' }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar).not.toBe(avatar);
    expect((await agent.request({ method: 'GET', url: avatar })).statusCode).toBe(404);
    const stored = await ctx.database.db.select({ id: files.id, type: files.contentType }).from(files);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.type).toBe('image/png');
  });

  it('judges the type by content, not by name', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
        filename: 'evil.png',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toEqual(['Only PNG, JPEG or WebP images are accepted.']);
  });

  it('refuses more than 2 MB with 413', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng(2 * 1024 * 1024 + 1)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is larger than 2 MB.');
  });

  it('accepts exactly 2 MB', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng(2 * 1024 * 1024)),
    });
    expect(res.statusCode).toBe(200);
  });

  it('asks for a file when the body is not multipart', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toEqual(['Choose an image to upload.']);
  });

  it('only the person or an admin may change a picture', async () => {
    const other = await signIn(ctx.app, 'salesperson');
    const refused = await other.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng()),
    });
    expect(refused.statusCode).toBe(403);
    const admin = await signIn(ctx.app, 'admin');
    const ok = await admin.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      ...multipartFile(tinyPng()),
    });
    expect(ok.statusCode).toBe(200);
    const bad = await admin.request({
      method: 'POST',
      url: '/api/users/abc/update_avatar/',
      ...multipartFile(tinyPng()),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });

  it('needs the CSRF header like every unsafe call', async () => {
    const agent = await signIn(ctx.app, 'therapist');
    const res = await agent.request({
      method: 'POST',
      url: `/api/users/${therapistId}/update_avatar/`,
      csrf: false,
      ...multipartFile(tinyPng()),
    });
    expect(res.statusCode).toBe(403);
  });
});
