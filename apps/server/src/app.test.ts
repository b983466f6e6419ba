import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './test/build';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('app', () => {
  it('health answers ok with the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('health answers 503 when the database is gone', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'error' });
    await broken.app.close();
  });

  it('unknown API paths are JSON 404s, even for anonymous callers', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/no/such/thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'No API endpoint at POST /api/no/such/thing/.' });
  });

  it('sets security headers on every response, errors included', async () => {
    for (const url of ['/api/health/', '/api/users/my_data/', '/api/missing/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('settings are public, company name null until set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/configurations/settings/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company_name: null, logoUrl: null });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/users/login/', '/api/users/my_data/', '/api/configurations/settings/']));
    expect(doc.paths['/api/users/login/'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });
});
