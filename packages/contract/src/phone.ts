import { z } from 'zod';

/**
 * Philippine phone numbers, stored in E.164 form (+63…). Accepts how people write them:
 * "0917 123 4567", "+63 917-123-4567", "639171234567", "(02) 8123 4567".
 * Mobile numbers are 9 + 9 digits; landlines an area code (2–8…) and 8–9 more digits.
 * Returns null when the text is not a Philippine number.
 */
export const normalizePhPhone = (input: string): string | null => {
  const raw = input.trim();
  if (!raw || !/^\+?[\d\s().-]+$/.test(raw)) return null;
  let digits = raw.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+63')) return null;
    digits = digits.slice(3);
  } else if (digits.startsWith('63') && digits.length >= 11) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  if (/^9\d{9}$/.test(digits) || /^[2-8]\d{8,9}$/.test(digits)) return `+63${digits}`;
  return null;
};

export const PH_PHONE_MESSAGE = 'Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.';

/** Optional phone in a body: blank or null → null; anything else must be a Philippine number, sent back as +63…. */
export const optionalPhPhoneSchema = z
  .union([z.string().max(30, PH_PHONE_MESSAGE), z.null()], { error: PH_PHONE_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const normalized = normalizePhPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: PH_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** A stored +63… number in groups for reading: "+63 917 123 4567", "+63 2 8123 4567", "+63 32 412 3456". */
export const formatPhPhone = (e164: string | null | undefined): string => {
  if (!e164) return '';
  const match = /^\+63(\d+)$/.exec(e164);
  if (!match) return e164;
  const national = match[1]!;
  if (/^9\d{9}$/.test(national)) return `+63 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  if (/^2\d{8}$/.test(national)) return `+63 2 ${national.slice(1, 5)} ${national.slice(5)}`;
  if (/^\d{9,10}$/.test(national))
    return `+63 ${national.slice(0, 2)} ${national.slice(2, national.length - 4)} ${national.slice(-4)}`;
  return e164;
};
