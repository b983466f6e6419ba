import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactUrl, serializeError } from './logging';

describe('redactUrl', () => {
  it('keeps the path and parameter names, never values', () => {
    expect(redactUrl('/ws/notifications/?token=eyJhbGciOi.x.y')).toBe('/ws/notifications/?token=[redacted]');
    expect(redactUrl('/api/clients/?search=Juan%20Cruz&page=2')).toBe(
      '/api/clients/?search=[redacted]&page=[redacted]',
    );
    expect(redactUrl('/api/health/')).toBe('/api/health/');
    // A name that is itself a value (or junk) is not kept either.
    expect(redactUrl('/api/x/?eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('/api/x/?[redacted]');
  });
});

describe('serializeError', () => {
  it('drops the parameters of a failed query from the message, the stack and the fields', () => {
    const cause = Object.assign(new Error('relation "t" does not exist'), {
      code: '42P01',
      detail: 'Key (password_hash)=($argon2id$secret)',
      severity: 'ERROR',
    });
    const err = new DrizzleQueryError('select * from t where h = $1', ['$argon2id$secret'], cause);
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('$argon2id$secret');
    expect(out.message).toBe('Failed query: select * from t where h = $1');
    expect(out.stack).toMatch(/^Error: Failed query: select \* from t where h = \$1\n\s+at /);
    expect(out.query).toBe('select * from t where h = $1');
    expect(out.cause).toMatchObject({ message: 'relation "t" does not exist', code: '42P01', severity: 'ERROR' });
  });

  it('keeps ordinary errors readable', () => {
    const out = serializeError(Object.assign(new TypeError('x is not a function'), { statusCode: 500 }));
    expect(out).toMatchObject({ type: 'TypeError', message: 'x is not a function', statusCode: 500 });
    expect(out.stack).toContain('x is not a function');
  });
});
