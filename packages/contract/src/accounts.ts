import { z } from 'zod';
import { featuresChangeSchema, featuresSchema, newPasswordSchema, personSchema, usernameSchema } from './auth';
import { GROUPS } from './constants';
import { booleanQuery, idString, relationId as adminRelationId, text } from './fields';
import { listQuerySchema } from './pagination';
import { emailSchema } from './admin-fields';

/** Administration, accounts and the company configuration (issue 5); the rest is admin.ts. */

// ——— users (accounts) ———

const userFields = {
  username: usernameSchema,
  first_name: text(100),
  last_name: text(100),
  email: emailSchema,
  is_active: z.boolean(),
  groups: z
    .array(z.enum(GROUPS, { error: `Choose from ${GROUPS.join(', ')}.` }), { error: 'Send a list of group names.' })
    .max(GROUPS.length),
  locations: z
    .array(adminRelationId('a location'), { error: 'Send a list of location ids.' })
    .max(200, 'At most 200 locations.'),
};
export const userCreateBodySchema = z.object({
  ...userFields,
  first_name: userFields.first_name.default(''),
  last_name: userFields.last_name.default(''),
  email: emailSchema.default(''),
  is_active: z.boolean().default(true),
  groups: userFields.groups.default([]),
  locations: userFields.locations.default([]),
  password: newPasswordSchema,
});
export type UserCreateBody = z.input<typeof userCreateBodySchema>;
export type UserCreateInput = z.output<typeof userCreateBodySchema>;
export const userPatchSchema = z.object(userFields).partial();
/** PUT replaces: every account field but the password (changed through update_password). */
export const userPutSchema = userCreateBodySchema.omit({ password: true });
export type UserPatch = z.input<typeof userPatchSchema>;
export type UserChanges = z.output<typeof userPatchSchema>;

export const adminUserSchema = personSchema.extend({
  is_active: z.boolean(),
  locations: z.array(z.number().int()),
  location_names: z.array(z.string()),
  last_login: z.string().nullable(),
  date_joined: z.string(),
  /**
   * The password was set by someone else (an Admin, a hire's login) and the person has not yet
   * chosen their own (decision 0017); Admin-only, so the Users list can say who still must.
   */
  must_change_password: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/**
 * What a non-admin (a Manager addressing an announcement) reads of an account: who and where,
 * not the e-mail, last sign-in or date joined. Admins and the person themselves read the whole
 * account. A field added to the account later stays Admin-only until it is added here on purpose.
 */
export const userDirectorySchema = adminUserSchema.pick({
  id: true,
  username: true,
  first_name: true,
  last_name: true,
  avatar: true,
  is_active: true,
  groups: true,
  locations: true,
  location_names: true,
});
export type UserDirectoryEntry = z.infer<typeof userDirectorySchema>;
/** An account as the API answers it: the whole record (Admin, or the person themselves) or the directory entry. */
export const userViewSchema = z.union([adminUserSchema, userDirectorySchema]);
export type UserView = z.infer<typeof userViewSchema>;

export const USER_ORDERING = [
  'username',
  'first_name',
  'last_name',
  'email',
  'is_active',
  'last_login',
  'date_joined',
  'id',
] as const;
/** What a non-admin may sort accounts by: no hidden field (docs/api.md "Directory view"). */
export const USER_DIRECTORY_ORDERING = ['username', 'first_name', 'last_name', 'is_active', 'id'] as const;
export const userListQuerySchema = listQuerySchema(USER_ORDERING, {
  group: z.enum(GROUPS, { error: `Choose from ${GROUPS.join(', ')}.` }).optional(),
  location: idString().optional(),
  is_active: booleanQuery.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserQuery = z.output<typeof userListQuerySchema>;

export const groupWithCountSchema = z.object({ id: z.number().int(), name: z.string(), user_count: z.number().int() });
export type GroupWithCount = z.infer<typeof groupWithCountSchema>;

// ——— configuration ———

export const COMPANY_NAME_MAX = 120;

/** The server's database: the embedded one under DATA_DIR, or PostgreSQL (DATABASE_URL). */
export const DATABASE_KINDS = ['embedded', 'postgresql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const configurationSchema = z.object({
  company_name: z.string().nullable(),
  logoUrl: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
  features: featuresSchema,
  /**
   * Four eyes on pay runs (decision 0712): whoever submits a run never approves it, except, while
   * this is on, a business's only Admin account (deactivated Admins count), who has no one to ask.
   */
  sole_admin_approves_own_pay_runs: z.boolean(),
  /** Backups are made here only on the embedded database; on PostgreSQL they are pg_dump's (decision 0700). */
  database: z.enum(DATABASE_KINDS),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const configurationBodySchema = z.object({
  /** Blank clears it: the shell then shows the product name. */
  company_name: z
    .union([text(COMPANY_NAME_MAX * 4), z.null()], { error: 'Enter the company name, or leave it blank.' })
    .transform((v) => v || null)
    .refine((v) => v === null || v.length <= COMPANY_NAME_MAX, `At most ${COMPANY_NAME_MAX} characters.`)
    .optional(),
  /** true removes the logo (the built-in one shows again). */
  remove_logo: z.boolean().optional(),
  /** The screens switched on or off for everyone (docs/decisions/0610). */
  features: featuresChangeSchema.optional(),
  sole_admin_approves_own_pay_runs: z.boolean().optional(),
});
export type ConfigurationBody = z.input<typeof configurationBodySchema>;
export type ConfigurationInput = z.output<typeof configurationBodySchema>;

/** Items are `userViewSchema`: Admins and the person themselves get the whole account, others the directory entry. */
export const userResource = {
  item: userViewSchema,
  listQuery: userListQuerySchema,
  createBody: userCreateBodySchema,
  putBody: userPutSchema,
  patchBody: userPatchSchema,
};
