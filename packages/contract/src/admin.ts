import { z } from 'zod';
import { newPasswordSchema, usernameSchema } from './auth';
import {
  booleanQuery,
  calendarDateSchema,
  idString,
  money,
  relationId as adminRelationId,
  text,
  timeSlotSchema,
} from './fields';
import { listQuerySchema } from './pagination';
import { optionalPhPhoneSchema } from './phone';
import { emailSchema, requiredText, timestamps } from './admin-fields';

/**
 * Administration (issue 5): locations, employees (salespersons, therapists, receptionists) and
 * banks; accounts and the company configuration are accounts.ts. Bodies are shared by the routes and the
 * web forms. PUT replaces (the create body, every required field), PATCH changes the fields given
 * (docs/api.md "Update and delete").
 */

/** Non-negative peso amount; accepts 15000, 15000.5 or "15000.50", always a 2-place string afterwards. */
export const targetAmountSchema = money({
  acceptNumber: true,
  padded: true,
  negative: 'The target cannot be negative.',
  invalid: 'Enter an amount like 150000.00 (at most 2 decimals).',
});

/** DELETE answers what happened: a row in use is deactivated instead of deleted. */
export const deleteResultSchema = z.object({
  result: z.enum(['deleted', 'deactivated']),
  message: z.string(),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

// ——— locations ———

const locationFields = {
  name: requiredText('a name', 100),
  address: text(300, { multiline: true }),
  phone: optionalPhPhoneSchema,
  opening_time: timeSlotSchema,
  closing_time: timeSlotSchema,
  is_active: z.boolean(),
  /** The BIR's 5-digit branch code (00000 is the head office) and registered address; blank until known (issue 33). */
  branch_code: text(5).refine(
    (v) => v === '' || /^\d{5}$/.test(v),
    'Enter the 5-digit branch code, or leave it blank.',
  ),
  registered_address: text(300, { multiline: true }),
};
const hoursDiffer = (v: { opening_time?: string; closing_time?: string }) =>
  v.opening_time === undefined || v.closing_time === undefined || v.opening_time !== v.closing_time;
const HOURS_MESSAGE =
  'Closing time must differ from opening time (a closing time before the opening time means after midnight).';

export const locationBodySchema = z
  .object({
    ...locationFields,
    address: locationFields.address.default(''),
    phone: optionalPhPhoneSchema.default(null),
    is_active: z.boolean().default(true),
    branch_code: locationFields.branch_code.default(''),
    registered_address: locationFields.registered_address.default(''),
  })
  .refine(hoursDiffer, { message: HOURS_MESSAGE, path: ['closing_time'] });
export type LocationBody = z.input<typeof locationBodySchema>;
export type LocationInput = z.output<typeof locationBodySchema>;
export const locationPatchSchema = z
  .object(locationFields)
  .partial()
  .refine(hoursDiffer, { message: HOURS_MESSAGE, path: ['closing_time'] });
export type LocationPatch = z.input<typeof locationPatchSchema>;
export type LocationChanges = z.output<typeof locationPatchSchema>;
export { HOURS_MESSAGE as LOCATION_HOURS_MESSAGE };

export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  opening_time: z.string(),
  closing_time: z.string(),
  is_active: z.boolean(),
  branch_code: z.string(),
  registered_address: z.string(),
  /** Active employees working here. */
  employees_count: z.number().int(),
  ...timestamps,
});
export type Location = z.infer<typeof locationSchema>;

export const LOCATION_ORDERING = ['name', 'opening_time', 'closing_time', 'is_active', 'created_at', 'id'] as const;
export const locationListQuerySchema = listQuerySchema(LOCATION_ORDERING, { is_active: booleanQuery.optional() });
/** PUT replaces: the create body. */
export const locationPutSchema = locationBodySchema;
export type LocationListQuery = z.input<typeof locationListQuerySchema>;
export type LocationQuery = z.output<typeof locationListQuerySchema>;

// ——— employees: salespersons, therapists, receptionists ———

export const EMPLOYEE_KINDS = ['salesperson', 'therapist', 'receptionist'] as const;
export type EmployeeKind = (typeof EMPLOYEE_KINDS)[number];
/** The group a login hired as this kind joins. */
export const EMPLOYEE_KIND_GROUP = {
  salesperson: 'Salesperson',
  therapist: 'Therapist',
  receptionist: 'Receptionist',
} as const;
/** Prefix of generated employee codes (SP-0001, TH-0001, RC-0001). */
export const EMPLOYEE_CODE_PREFIX = { salesperson: 'SP', therapist: 'TH', receptionist: 'RC' } as const;

/** Blank means "give the next free code"; otherwise upper-cased, letters, digits and dashes. */
export const employeeCodeSchema = z
  .string()
  .trim()
  .max(20, 'At most 20 characters.')
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9][A-Z0-9-]*$/.test(v), 'Use letters, digits and dashes only.');

/** A login created together with the employee (hiring with an account). */
export const employeeAccountSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  email: emailSchema.default(''),
});
export type EmployeeAccount = z.input<typeof employeeAccountSchema>;

const employeeFields = {
  first_name: requiredText('a first name', 100),
  last_name: requiredText('a last name', 100),
  employee_code: employeeCodeSchema,
  phone: optionalPhPhoneSchema,
  location: adminRelationId('a location'),
  hire_date: calendarDateSchema,
  is_active: z.boolean(),
  /** Salespersons only. */
  monthly_target: targetAmountSchema.nullable(),
  /** Link an existing login (null unlinks). */
  user: adminRelationId('a user').nullable(),
  /** Create a login for this person in the same step. */
  account: employeeAccountSchema,
};
export const employeeBodySchema = z.object({
  ...employeeFields,
  employee_code: employeeCodeSchema.default(''),
  phone: optionalPhPhoneSchema.default(null),
  is_active: z.boolean().default(true),
  monthly_target: targetAmountSchema.nullable().optional(),
  user: employeeFields.user.optional(),
  account: employeeAccountSchema.optional(),
});
export type EmployeeBody = z.input<typeof employeeBodySchema>;
export type EmployeeInput = z.output<typeof employeeBodySchema>;
export const employeePatchSchema = z.object(employeeFields).partial();
/** PUT replaces: the create body, with the code required (blank means "next free code" only when hiring). */
export const employeePutSchema = employeeBodySchema.extend({ employee_code: employeeCodeSchema });
export type EmployeePatch = z.input<typeof employeePatchSchema>;
export type EmployeeChanges = z.output<typeof employeePatchSchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EMPLOYEE_KINDS),
  user: z.number().int().nullable(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  employee_code: z.string(),
  phone: z.string().nullable(),
  location: z.number().int(),
  location_name: z.string(),
  hire_date: z.string(),
  is_active: z.boolean(),
  monthly_target: z.string().nullable(),
  ...timestamps,
});
export type Employee = z.infer<typeof employeeSchema>;

/**
 * What a non-admin reads about a colleague (issue 14, docs/decisions/0011): names, code, kind,
 * location. Their own record comes in full. The routes parse each item through this schema, and a
 * zod object drops the keys it does not declare, so a field added to `employeeSchema` later stays
 * admin-only until it is added here on purpose.
 */
export const employeeDirectorySchema = employeeSchema.pick({
  id: true,
  kind: true,
  first_name: true,
  last_name: true,
  full_name: true,
  employee_code: true,
  location: true,
  location_name: true,
  is_active: true,
});
export type EmployeeDirectoryEntry = z.infer<typeof employeeDirectorySchema>;
/** An employee as the API answers it: the full record (Admin, or the person themselves) or the directory entry. */
export const employeeViewSchema = z.union([employeeSchema, employeeDirectorySchema]);
export type EmployeeView = z.infer<typeof employeeViewSchema>;

export const EMPLOYEE_ORDERING = [
  'last_name',
  'first_name',
  'employee_code',
  'hire_date',
  'location_name',
  'is_active',
  'monthly_target',
  'created_at',
  'id',
] as const;
export const employeeListQuerySchema = listQuerySchema(EMPLOYEE_ORDERING, {
  location: idString().optional(),
  is_active: booleanQuery.optional(),
  has_login: booleanQuery.optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;
export type EmployeeQuery = z.output<typeof employeeListQuerySchema>;
/** The orderings a directory reader may use: sorting by a hidden field would reveal it. */
export const EMPLOYEE_DIRECTORY_ORDERING = [
  'last_name',
  'first_name',
  'employee_code',
  'location_name',
  'is_active',
  'id',
] as const satisfies readonly (typeof EMPLOYEE_ORDERING)[number][];

export const userIdParamsSchema = z.object({ user_id: idString() });

// ——— banks ———

const bankFields = {
  name: requiredText('the bank name', 100),
  account_name: requiredText('the account name', 150),
  /** Spaces and dashes are dropped; 4 to 34 digits remain. */
  account_number: z
    .string({ error: 'Enter the account number.' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v.length > 0, { message: 'Enter the account number.', abort: true })
    .refine((v) => /^\d{4,34}$/.test(v), 'Use 4 to 34 digits (spaces and dashes are fine).'),
  is_active: z.boolean(),
};
export const bankBodySchema = z.object({ ...bankFields, is_active: z.boolean().default(true) });
export type BankBody = z.input<typeof bankBodySchema>;
export type BankInput = z.output<typeof bankBodySchema>;
export const bankPatchSchema = z.object(bankFields).partial();
/** PUT replaces: the create body. */
export const bankPutSchema = bankBodySchema;
export type BankPatch = z.input<typeof bankPatchSchema>;
export type BankChanges = z.output<typeof bankPatchSchema>;

/** The last four digits behind bullets, e.g. "••••7890": how the panel names an account anywhere but its admin screen. */
export const maskAccountNumber = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

export const bankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  /** `maskAccountNumber(account_number)`, for every reader. */
  account_number_masked: z.string(),
  is_active: z.boolean(),
  ...timestamps,
});
export type Bank = z.infer<typeof bankSchema>;

/**
 * What a non-admin reads about a bank account (issue 14): enough to pick it when recording a
 * payment (name and masked number), not the number itself. Parsed like `employeeDirectorySchema`.
 */
export const bankDirectorySchema = bankSchema.pick({
  id: true,
  name: true,
  account_number_masked: true,
  is_active: true,
});
export type BankDirectoryEntry = z.infer<typeof bankDirectorySchema>;
export const bankViewSchema = z.union([bankSchema, bankDirectorySchema]);
export type BankView = z.infer<typeof bankViewSchema>;

export const BANK_ORDERING = ['name', 'account_name', 'account_number', 'is_active', 'created_at', 'id'] as const;
export const bankListQuerySchema = listQuerySchema(BANK_ORDERING, { is_active: booleanQuery.optional() });
export type BankListQuery = z.input<typeof bankListQuerySchema>;
export type BankQuery = z.output<typeof bankListQuerySchema>;
export const BANK_DIRECTORY_ORDERING = [
  'name',
  'is_active',
  'id',
] as const satisfies readonly (typeof BANK_ORDERING)[number][];

// ——— resources: the schemas of each resource's six routes (docs/api.md) ———

export const locationResource = {
  item: locationSchema,
  listQuery: locationListQuerySchema,
  createBody: locationBodySchema,
  putBody: locationPutSchema,
  patchBody: locationPatchSchema,
};
/** Items are `employeeViewSchema`: what a caller gets depends on who asks (the routes pick the view). */
export const employeeResource = {
  item: employeeViewSchema,
  listQuery: employeeListQuerySchema,
  createBody: employeeBodySchema,
  putBody: employeePutSchema,
  patchBody: employeePatchSchema,
};
export const bankResource = {
  item: bankViewSchema,
  listQuery: bankListQuerySchema,
  createBody: bankBodySchema,
  putBody: bankPutSchema,
  patchBody: bankPatchSchema,
};
