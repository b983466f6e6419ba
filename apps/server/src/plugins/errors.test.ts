import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandling } from './errors';
import { conflict } from '../lib/http-error';

const appThrowing = async (error: unknown) => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
};

const wrapped = (code: string) =>
  Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(new Error('duplicate key'), { code }) });

describe('error handler', () => {
  it.each([
    ['23505', 409, 'A record with these details already exists.'],
    ['23503', 409, 'This record is referenced by, or refers to, a record that does not exist.'],
    ['40001', 409, 'Someone else changed this at the same moment. Please try again.'],
    ['23514', 400, 'A value is out of range or malformed.'],
    ['22P02', 400, 'A value is out of range or malformed.'],
  ])('maps SQLSTATE %s, also when Drizzle wraps the driver error, to %i', async (code, status, message) => {
    for (const error of [Object.assign(new Error('x'), { code }), wrapped(code)]) {
      const app = await appThrowing(error);
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
      await app.close();
    }
  });

  it('keeps HttpError status, message and field errors', async () => {
    const app = await appThrowing(conflict('Already decided.', { id: ['Taken.'] }));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Already decided.', errors: { id: ['Taken.'] } });
    await app.close();
  });

  it('hides the details of anything unexpected', async () => {
    const app = await appThrowing(new Error('secret connection string postgres://u:p@h/db'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('postgres://');
    await app.close();
  });
});
