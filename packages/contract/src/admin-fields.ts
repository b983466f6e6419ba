import { z } from 'zod';
import { hasControlChars, text } from './fields';

/** Field rules the administration schemas share (admin.ts, accounts.ts); not part of the package's exports. */

export const requiredText = (what: string, max: number) => text(max, { required: `Enter ${what}.` });

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters.')
  .refine((v) => !hasControlChars(v), { message: 'Enter a valid email address, or leave it blank.', abort: true })
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, or leave it blank.');

export const timestamps = { created_at: z.string(), updated_at: z.string() };
