import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { ADMIN_PASSWORD, buildTestApp, login, type TestContext } from './test/build';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** A throwaway web build folder with an empty `assets/`; `write` takes paths relative to it. */
const makeDist = () => {
  const dist = mkdtempSync(join(tmpdir(), 'ginhawa-dist-'));
  mkdirSync(join(dist, 'assets'));
  return {
    dist,
    write: (name: string, content: string | Buffer) => writeFileSync(join(dist, name), content),
    /** Removes one file, or the whole folder without a name. */
    remove: (name?: string) => rmSync(name ? join(dist, name) : dist, { recursive: true, force: true }),
  };
};

describe('app', () => {
  it('health answers ok with the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('health answers 503 when the database is gone, with or without a session cookie; liveness 200', async () => {
    const broken = await buildTestApp();
    const agent = await login(broken.app, 'admin', ADMIN_PASSWORD);
    await broken.database.close();
    for (const headers of [{}, { cookie: `sessionid=${agent.sessionId}` }]) {
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/', headers });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'error', db: 'error' });
      const live = await broken.app.inject({ method: 'GET', url: '/api/health/live/', headers });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    }
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
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('settings are public, company name null until set, the demo database with every feature flag on', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/configurations/settings/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      company_name: null,
      logoUrl: null,
      features: { banks: true, admin_dashboard: true, reports: true, users: true, payroll: true },
    });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/login/', '/api/users/my_data/', '/api/configurations/settings/']),
    );
    expect(doc.paths['/api/users/login/'].post.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
  });
});

describe('serving the panel', () => {
  it('serves assets (pre-compressed when asked), index.html for client routes, JSON 404 for the API', async () => {
    const { dist, write, remove } = makeDist();
    write('index.html', '<!doctype html><title>Ginhawa</title>');
    const js = 'console.log("ginhawa");'.repeat(50);
    write('assets/app-abc.js', js);
    write('assets/app-abc.js.br', zlib.brotliCompressSync(js));
    const web = await buildTestApp({ WEB_DIST: dist });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/clients/42' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>Ginhawa</title>');
      expect(String(page.headers['content-security-policy'])).toContain("object-src 'none'");
      const asset = await web.app.inject({
        method: 'GET',
        url: '/assets/app-abc.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(js);
      // A file added after start (a rebuild) is served without a restart.
      write('assets/late-def.js', 'late();');
      expect((await web.app.inject({ method: 'GET', url: '/assets/late-def.js' })).body).toBe('late();');
      const api = await web.app.inject({ method: 'GET', url: '/api/nothing/here/' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'No API endpoint at GET /api/nothing/here/.' });
      expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await web.close();
      remove();
    }
  });
});

describe('the sign-in form drawn in the page (decision 1061)', () => {
  it('sends signed-out.html without a session hint, index.html with one, and index.html when the build has no signed-out.html', async () => {
    const { dist, write, remove } = makeDist();
    const index = `<!doctype html><title>splash</title>${'<!-- padding -->'.repeat(100)}`;
    const signedOut = `<!doctype html><title>form</title>${'<!-- padding -->'.repeat(100)}`;
    write('index.html', index);
    write('index.html.br', zlib.brotliCompressSync(index));
    write('signed-out.html', signedOut);
    write('signed-out.html.br', zlib.brotliCompressSync(signedOut));
    const web = await buildTestApp({ WEB_DIST: dist });
    const page = async (cookie: string | undefined, acceptEncoding: string | undefined) => {
      const res = await web.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { ...(cookie ? { cookie } : {}), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toMatch(/cookie/i);
      return res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : res.rawPayload.toString();
    };
    try {
      expect(await page(undefined, 'br')).toBe(signedOut);
      expect(await page(undefined, undefined)).toBe(signedOut);
      expect(await page('theme=dark', 'br')).toBe(signedOut);
      expect(await page('csrftoken=abc', 'br')).toBe(index);
      expect(await page('theme=dark; __Host-csrftoken=abc', undefined)).toBe(index);
      // An empty cookie is a cleared one: no session.
      expect(await page('csrftoken=; theme=dark', 'br')).toBe(signedOut);
      remove('signed-out.html');
      remove('signed-out.html.br');
      expect(await page(undefined, 'br')).toBe(index);
      expect(await page(undefined, undefined)).toBe(index);
    } finally {
      await web.close();
      remove();
    }
  });
});

describe('serving the panel however it is asked for', () => {
  const setup = async () => {
    const { dist, write, remove } = makeDist();
    const html = `<!doctype html><title>Ginhawa</title>${'<!-- padding -->'.repeat(100)}`;
    const js = 'console.log("ginhawa");'.repeat(100);
    for (const [name, text] of [
      ['index.html', html],
      ['assets/app-abc.js', js],
    ] as const) {
      write(name, text);
      write(`${name}.gz`, zlib.gzipSync(text));
      write(`${name}.br`, zlib.brotliCompressSync(text));
    }
    const web = await buildTestApp({ WEB_DIST: dist });
    const decode = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
      const encoding = res.headers['content-encoding'];
      if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
      if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
      return res.rawPayload.toString();
    };
    return {
      web,
      html,
      js,
      decode,
      cleanup: async () => {
        await web.close();
        remove();
      },
    };
  };

  const cases = [
    { name: 'no Accept-Encoding (curl, wget, health checks)', headers: {}, encoding: undefined },
    { name: 'identity', headers: { 'accept-encoding': 'identity' }, encoding: undefined },
    { name: 'gzip', headers: { 'accept-encoding': 'gzip' }, encoding: 'gzip' },
    { name: 'br', headers: { 'accept-encoding': 'gzip, deflate, br' }, encoding: 'br' },
  ];

  it.each(cases)('index for / and client routes, and assets, with $name', async ({ headers, encoding }) => {
    const { web, html, js, decode, cleanup } = await setup();
    try {
      for (const url of ['/', '/login', '/clients/42', '/?next=%2Fservices']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const page = await web.app.inject({ method, url, headers });
          expect(page.statusCode, `${method} ${url}`).toBe(200);
          expect(page.headers['content-type']).toMatch(/^text\/html/);
          expect(page.headers['cache-control']).toBe('no-cache');
          expect(page.headers['content-encoding']).toBe(encoding);
          expect(String(page.headers.vary ?? '')).toMatch(/accept-encoding/i);
          if (method === 'GET') expect(decode(page)).toBe(html);
        }
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(decode(asset)).toBe(js);
      // The API keeps answering JSON however it is asked for.
      expect((await web.app.inject({ method: 'GET', url: '/api/nothing/', headers })).json()).toEqual({
        message: 'No API endpoint at GET /api/nothing/.',
      });
    } finally {
      await cleanup();
    }
  });
});

/** Sends raw bytes to the listening app and answers everything it wrote back before closing. */
const rawExchange = async (request: string) => {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
};

const split = (response: string) => {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], head: head.toLowerCase(), body };
};

describe('requests Node cannot parse (app.inject never reaches the parser)', () => {
  it('a control character in a header is a 400 with {message}, not Fastify\'s "Client Error"', async () => {
    const res = split(await rawExchange('GET /api/health/ HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0001b\r\n\r\n'));
    expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(res.head).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ message: 'The request is not valid HTTP and could not be read.' });
  });

  it('headers over the limit are a 431 with {message}', async () => {
    const cookie = `sessionid=${'a'.repeat(20_000)}`;
    const res = split(await rawExchange(`GET /api/health/ HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`));
    expect(res.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(res.body)).toEqual({ message: 'The request headers are too large.' });
  });

  it('a well-formed request on the same server is still answered', async () => {
    const res = split(await rawExchange('GET /api/health/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(res.statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', db: 'ok' });
  });
});
