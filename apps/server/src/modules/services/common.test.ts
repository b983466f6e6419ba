import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { HttpError } from '../../lib/http-error';
import { guardConstraints, nameList, plural } from './common';
import { pgErrorCode } from '../../lib/pg-errors';

const pgError = (code: string) => Object.assign(new Error('violates constraint'), { code });

describe('pgErrorCode', () => {
  it('finds the code on the driver error or inside Drizzle’s wrapper', () => {
    expect(pgErrorCode(pgError('23505'))).toBe('23505');
    expect(pgErrorCode(new DrizzleQueryError('insert …', [], pgError('23503')))).toBe('23503');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});

describe('guardConstraints', () => {
  const onConflict = {
    unique: () => ({ message: 'Duplicate name.', errors: { name: ['Taken.'] } }),
    foreignKey: () => ({ message: 'Still in use.' }),
  };

  it('turns a unique violation that raced past the check into the same 409', async () => {
    const err = await guardConstraints(() => Promise.reject(new DrizzleQueryError('insert', [], pgError('23505'))), onConflict).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409, message: 'Duplicate name.', errors: { name: ['Taken.'] } });
  });

  it('turns a foreign-key violation into a 409 with the given message', async () => {
    const err = await guardConstraints(() => Promise.reject(pgError('23503')), onConflict).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, message: 'Still in use.' });
  });

  it('passes through results, HttpErrors and anything it has no mapping for', async () => {
    expect(await guardConstraints(() => Promise.resolve(7), onConflict)).toBe(7);
    const http = new HttpError(404, 'No such thing.');
    await expect(guardConstraints(() => Promise.reject(http), onConflict)).rejects.toBe(http);
    const other = pgError('40001');
    await expect(guardConstraints(() => Promise.reject(other), onConflict)).rejects.toBe(other);
    const unmapped = pgError('23503');
    await expect(guardConstraints(() => Promise.reject(unmapped), {})).rejects.toBe(unmapped);
  });
});

describe('nameList and plural', () => {
  it('shortens long lists', () => {
    expect(nameList(['Gold'], 1)).toBe('Gold');
    expect(nameList(['Gold', 'Silver', 'Bronze'], 5)).toBe('Gold, Silver, Bronze and 2 more');
    expect(plural(1, 'treatment')).toBe('1 treatment');
    expect(plural(2, 'membership is', 'memberships are')).toBe('2 memberships are');
  });
});
