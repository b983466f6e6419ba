import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanQuery, orderingSchema } from './index';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('plain-language defaults (zod-config)', () => {
  it("a value outside an enum names the choices, in the house words rather than zod's", () => {
    expect(messages(booleanQuery.safeParse('maybe'))).toEqual(['Choose one of: true, false.']);
    expect(messages(z.enum(['booked', 'arrived']).safeParse('zz'))).toEqual(['Choose one of: booked, arrived.']);
  });

  it('limits without their own message say the limit', () => {
    expect(messages(orderingSchema(['name']).safeParse('name,'.repeat(60)))).toEqual(['At most 200 characters.']);
    expect(messages(z.string().min(1).safeParse(''))).toEqual(['This field may not be blank.']);
    expect(messages(z.string().min(3).safeParse('ab'))).toEqual(['At least 3 characters.']);
    expect(messages(z.array(z.number()).max(1).safeParse([1, 2]))).toEqual(['At most 1 item.']);
    expect(messages(z.coerce.number().int().min(1).max(50).safeParse('0'))).toEqual(['At least 1.']);
    expect(messages(z.coerce.number().int().safeParse('1.5'))).toEqual(['Enter a whole number.']);
  });

  it("a schema's own message still wins", () => {
    expect(messages(z.string().max(2, 'Too long, friend.').safeParse('abc'))).toEqual(['Too long, friend.']);
    expect(messages(z.enum(['a'], 'Pick a.').safeParse('b'))).toEqual(['Pick a.']);
  });
});
