import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a username.')
  .max(150, 'Usernames are at most 150 characters.')
  .regex(/^[A-Za-z0-9._@+-]+$/, 'Use letters, digits and . _ @ + - only.');

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.').max(150),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const changeOwnPasswordBodySchema = z.object({
  old_password: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBodySchema>;

export const myDataSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  groups: z.array(z.string()),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MyData = z.infer<typeof myDataSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const refreshBodySchema = z.object({ refresh: z.string().min(1, 'Enter a refresh token.').max(4096) });

export const groupSchema = z.object({ id: z.number().int(), name: z.string() });

export const settingsSchema = z.object({
  company_name: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
