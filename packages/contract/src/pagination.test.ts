import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './pagination';

describe('page params', () => {
  it('reads plain decimals, as numbers or query strings, and defaults to page 1 of 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 100 });
    expect(pageQuerySchema.parse({ page: '3', pageSize: '25' })).toEqual({ page: 3, pageSize: 25 });
    expect(pageQuerySchema.parse({ page: 2, pageSize: 500 })).toEqual({ page: 2, pageSize: 500 });
  });

  it.each(['0x10', '1e1', ' 2', '2 ', '1.5', '-1', '', 'abc', '9999999999'])(
    'refuses page=%j instead of reading it leniently',
    (page) => {
      expect(pageQuerySchema.safeParse({ page }).success).toBe(false);
    },
  );

  it('refuses page 0, a page size of 0 and more than 500 rows a page, with a sentence', () => {
    const zero = pageQuerySchema.safeParse({ page: '0' });
    expect(zero.success ? null : zero.error.issues[0]?.message).toBe('Pages start at 1.');
    expect(pageQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
    const big = pageQuerySchema.safeParse({ pageSize: '501' });
    expect(big.success ? null : big.error.issues[0]?.message).toBe('At most 500 rows a page.');
  });
});
