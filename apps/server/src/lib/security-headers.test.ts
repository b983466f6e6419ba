import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

/** Helmet's headers built once are exactly those helmet sets on a real response, value for value. */
const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: true,
};

const onARealResponse = (opts: HelmetOptions) => {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('x-powered-by', 'something');
  helmet(opts)(req, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
};

describe('helmetHeaders', () => {
  it('gives the headers helmet sets per response, computed once', () => {
    const built = helmetHeaders(options);
    expect(built).toEqual(onARealResponse(options));
    expect(built['content-security-policy']).toBe("default-src 'self';object-src 'none';frame-ancestors 'none'");
    expect(built['x-frame-options']).toBe('DENY');
    expect(built['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(Object.isFrozen(built)).toBe(true);
  });

  it('leaves out what the options turn off', () => {
    const built = helmetHeaders({ ...options, hsts: false, contentSecurityPolicy: false });
    expect(built['strict-transport-security']).toBeUndefined();
    expect(built['content-security-policy']).toBeUndefined();
    expect(built).toEqual(onARealResponse({ ...options, hsts: false, contentSecurityPolicy: false }));
  });
});
