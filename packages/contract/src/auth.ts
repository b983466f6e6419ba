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

/** Who an account is: the fields the signed-in person's own data and the Admins' user list both send. */
export const personSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  groups: z.array(z.string()),
});

export const myDataSchema = personSchema.extend({
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Someone else set the password: the panel asks for the person's own before anything else (decision 0017). */
  must_change_password: z.boolean(),
});
export type MyData = z.infer<typeof myDataSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const refreshBodySchema = z.object({ refresh: z.string().min(1, 'Enter a refresh token.').max(4096) });

export const groupSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * The screens an Admin may switch on and off (docs/product.md §12's four feature flags). Stored in the
 * database; a flag with no stored value keeps the web build's default (docs/decisions/0610).
 */
export const FEATURE_FLAGS = ['banks', 'admin_dashboard', 'reports', 'users', 'payroll'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The stored flags only: a flag missing here follows the build-time default. */
export const featuresSchema = z.object({
  banks: z.boolean().optional(),
  admin_dashboard: z.boolean().optional(),
  reports: z.boolean().optional(),
  users: z.boolean().optional(),
  payroll: z.boolean().optional(),
});
export type Features = z.infer<typeof featuresSchema>;

/** A change to the flags: true/false stores it, null forgets it (back to the build's default), absent keeps it. */
const featureChange = z.boolean({ error: 'Choose on or off.' }).nullable().optional();
export const featuresChangeSchema = z.object({
  banks: featureChange,
  admin_dashboard: featureChange,
  reports: featureChange,
  users: featureChange,
  payroll: featureChange,
});
export type FeaturesChange = z.input<typeof featuresChangeSchema>;

export const settingsSchema = z.object({
  company_name: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** Public with the name and logo: flags hide screens, they guard nothing (the routes check roles). */
  features: featuresSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
