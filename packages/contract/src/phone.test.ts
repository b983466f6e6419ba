import { describe, expect, it } from 'vitest';
import { formatPhPhone, normalizePhPhone, optionalPhPhoneSchema } from './phone';

describe('normalizePhPhone', () => {
  it.each([
    ['0917 123 4567', '+639171234567'],
    ['+63 917-123-4567', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['9171234567', '+639171234567'],
    ['(02) 8123 4567', '+63281234567'],
    ['02-8123-4567', '+63281234567'],
    ['032 412 3456', '+63324123456'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhPhone(input)).toBe(expected);
  });

  it.each(['+1 555 123 4567', '12345', '0917 123 456', 'call me', '', '0000000000'])('refuses %j', (input) => {
    expect(normalizePhPhone(input)).toBeNull();
  });
});

describe('optionalPhPhoneSchema', () => {
  it('turns blanks into null and explains a bad number', () => {
    expect(optionalPhPhoneSchema.parse('  ')).toBeNull();
    expect(optionalPhPhoneSchema.parse(null)).toBeNull();
    const bad = optionalPhPhoneSchema.safeParse('555-0199');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.',
    );
  });
});

describe('formatPhPhone', () => {
  it('groups mobiles, Metro Manila and provincial landlines', () => {
    expect(formatPhPhone('+639171234567')).toBe('+63 917 123 4567');
    expect(formatPhPhone('+63281234567')).toBe('+63 2 8123 4567');
    expect(formatPhPhone('+63324123456')).toBe('+63 32 412 3456');
    expect(formatPhPhone(null)).toBe('');
    expect(formatPhPhone('+15551234567')).toBe('+15551234567');
  });
});
