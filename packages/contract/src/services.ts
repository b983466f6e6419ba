import { z } from 'zod';
import { booleanQuery, idString, money, name, relationId as fieldRelationId, text } from './fields';
import { listQuerySchema } from './pagination';
import { treatmentRoomKindsSchema } from './floor-fields';
import { TAX_CLASSES } from './tax';

/** The services catalogue (docs/product.md §7, §10). */

export const TREATMENT_DURATION_STEP = 15;
export const TREATMENT_DURATION_MAX = 480;
export const MEMBERSHIP_VALIDITY_MAX_DAYS = 3650;
export const SESSIONS_INCLUDED_MAX = 999;
export const MEMBERSHIP_CATEGORIES_MAX = 50;

/** 0–100 with at most 2 places. */
export const PERCENT_RE = /^\d{1,3}(\.\d{1,2})?$/;

const PERCENT_MESSAGE = 'Enter a percentage from 0 to 100 (at most 2 decimals).';

const nameSchema = (max: number) => name(max, 'Enter a name.', `Names are at most ${max} characters.`);
const descriptionSchema = text(1000, { multiline: true });

export const priceSchema = money({ negative: 'The price cannot be negative.' });

const relationId = (what: string) => fieldRelationId(`a ${what}`);

export const durationMinutesSchema = z
  .number()
  .int({ message: 'Use whole minutes.', abort: true })
  .min(TREATMENT_DURATION_STEP, { message: `At least ${TREATMENT_DURATION_STEP} minutes.`, abort: true })
  .max(TREATMENT_DURATION_MAX, { message: `At most ${TREATMENT_DURATION_MAX} minutes (8 hours).`, abort: true })
  .refine(
    (v) => v % TREATMENT_DURATION_STEP === 0,
    `Use a multiple of ${TREATMENT_DURATION_STEP} minutes (15, 30, 45, 60 …).`,
  );

/** Accepts 10, 12.5 or "12.50"; always a decimal string afterwards. */
export const discountPercentSchema = z
  .union([z.number(), z.string()], { error: PERCENT_MESSAGE })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => PERCENT_RE.test(v), { message: PERCENT_MESSAGE, abort: true })
  .refine((v) => Number(v) <= 100, 'A discount cannot exceed 100%.');

// ——— categories (treatment and membership categories share one shape) ———

const categoryFields = {
  name: nameSchema(100),
  description: descriptionSchema,
};
export const categoryPatchSchema = z.object(categoryFields).partial();
export type CategoryChanges = z.output<typeof categoryPatchSchema>;
export const categoryBodySchema = z.object({ ...categoryFields, description: descriptionSchema.default('') });
export type CategoryBody = z.input<typeof categoryBodySchema>;
export type CategoryInput = z.output<typeof categoryBodySchema>;

const timestamps = { created_at: z.string(), updated_at: z.string() };

export const treatmentCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  treatments_count: z.number().int(),
  ...timestamps,
});
export type TreatmentCategory = z.infer<typeof treatmentCategorySchema>;

export const membershipCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  memberships_count: z.number().int(),
  ...timestamps,
});
export type MembershipCategory = z.infer<typeof membershipCategorySchema>;

export const TREATMENT_CATEGORY_ORDERING = ['name', 'treatments_count', 'created_at', 'updated_at'] as const;
export const treatmentCategoryListQuerySchema = listQuerySchema(TREATMENT_CATEGORY_ORDERING, {});
export const MEMBERSHIP_CATEGORY_ORDERING = ['name', 'memberships_count', 'created_at', 'updated_at'] as const;
export const membershipCategoryListQuerySchema = listQuerySchema(MEMBERSHIP_CATEGORY_ORDERING, {});
/** What the two category lists share: `?ordering=` of either kind is validated by its own schema. */
export type CategoryListQuery =
  z.output<typeof treatmentCategoryListQuerySchema> | z.output<typeof membershipCategoryListQuerySchema>;

// ——— treatments ———

const taxClassSchema = z.enum(TAX_CLASSES, { error: 'Choose VATable, VAT-exempt or zero-rated.' });

const treatmentFields = {
  name: nameSchema(120),
  category: relationId('category'),
  duration_minutes: durationMinutesSchema,
  price: priceSchema,
  description: descriptionSchema,
  is_active: z.boolean(),
  /** The room kinds the treatment needs (floor board, issue 22); empty: any room. */
  room_kinds: treatmentRoomKindsSchema,
  /** How its sale is taxed (issue 33, decision 1003); menu prices include VAT. */
  tax_class: taxClassSchema,
  /** A senior citizen or PWD gets the 20% discount on it (the business decides, decision 1003). */
  senior_pwd_eligible: z.boolean(),
};
export const treatmentPatchSchema = z.object(treatmentFields).partial();
export type TreatmentChanges = z.output<typeof treatmentPatchSchema>;
export const treatmentBodySchema = z.object({
  ...treatmentFields,
  description: descriptionSchema.default(''),
  is_active: z.boolean().default(true),
  room_kinds: treatmentRoomKindsSchema.default([]),
  tax_class: taxClassSchema.default('vatable'),
  senior_pwd_eligible: z.boolean().default(true),
});
export type TreatmentBody = z.input<typeof treatmentBodySchema>;
export type TreatmentInput = z.output<typeof treatmentBodySchema>;

export const treatmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int(),
  category_name: z.string(),
  duration_minutes: z.number().int(),
  price: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  room_kinds: z.array(z.string()),
  /** How its sale is taxed on an invoice (issue 33), read by the desk's live "Still to pay". */
  tax_class: z.enum(TAX_CLASSES),
  /** The senior citizen / PWD discount applies to it (decision 1003). */
  senior_pwd_eligible: z.boolean(),
  ...timestamps,
});
export type Treatment = z.infer<typeof treatmentSchema>;

const filterId = idString();

export const TREATMENT_ORDERING = [
  'name',
  'category',
  'category_name',
  'duration_minutes',
  'price',
  'is_active',
  'created_at',
  'updated_at',
] as const;
export const treatmentListQuerySchema = listQuerySchema(TREATMENT_ORDERING, {
  category: filterId.optional(),
  is_active: booleanQuery.optional(),
});
export type TreatmentListQuery = z.input<typeof treatmentListQuerySchema>;
export type TreatmentQuery = z.output<typeof treatmentListQuerySchema>;

// ——— memberships ———

const categoryIdsSchema = z
  .array(relationId('category'), { error: 'Send a list of category ids.' })
  .max(MEMBERSHIP_CATEGORIES_MAX, `At most ${MEMBERSHIP_CATEGORIES_MAX} categories.`);

const membershipFields = {
  name: nameSchema(120),
  price: priceSchema,
  validity_days: z
    .number()
    .int({ message: 'Use whole days.', abort: true })
    .min(1, 'At least 1 day.')
    .max(MEMBERSHIP_VALIDITY_MAX_DAYS, `At most ${MEMBERSHIP_VALIDITY_MAX_DAYS} days (10 years).`),
  description: descriptionSchema,
  is_active: z.boolean(),
  /** Optional on create/update: when sent, replaces the membership's categories. */
  categories: categoryIdsSchema,
  tax_class: taxClassSchema,
  /** Off by default: a membership fee is not a sale of a service to the person (decision 1003). */
  senior_pwd_eligible: z.boolean(),
};
export const membershipPatchSchema = z.object(membershipFields).partial();
export type MembershipChanges = z.output<typeof membershipPatchSchema>;
export const membershipBodySchema = z.object({
  ...membershipFields,
  description: descriptionSchema.default(''),
  is_active: z.boolean().default(true),
  categories: categoryIdsSchema.optional(),
  tax_class: taxClassSchema.default('vatable'),
  senior_pwd_eligible: z.boolean().default(false),
});
export type MembershipBody = z.input<typeof membershipBodySchema>;
export type MembershipInput = z.output<typeof membershipBodySchema>;

export const updateCategoriesBodySchema = z.object({ categories: categoryIdsSchema });
export type UpdateCategoriesBody = z.infer<typeof updateCategoriesBodySchema>;

export const membershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  validity_days: z.number().int(),
  description: z.string(),
  is_active: z.boolean(),
  categories: z.array(z.number().int()),
  category_names: z.array(z.string()),
  allowed_treatments_count: z.number().int(),
  tax_class: z.enum(TAX_CLASSES),
  senior_pwd_eligible: z.boolean(),
  ...timestamps,
});
export type Membership = z.infer<typeof membershipSchema>;

export const MEMBERSHIP_ORDERING = [
  'name',
  'price',
  'validity_days',
  'is_active',
  'allowed_treatments_count',
  'created_at',
  'updated_at',
] as const;
export const membershipListQuerySchema = listQuerySchema(MEMBERSHIP_ORDERING, {
  category: filterId.optional(),
  is_active: booleanQuery.optional(),
});
export type MembershipListQuery = z.input<typeof membershipListQuerySchema>;
export type MembershipQuery = z.output<typeof membershipListQuerySchema>;

// ——— membership allowed treatments ———

const allowedTreatmentFields = {
  membership: relationId('membership'),
  treatment: relationId('treatment'),
  sessions_included: z
    .number()
    .int({ message: 'Use a whole number of sessions.', abort: true })
    .min(0, 'Sessions cannot be negative.')
    .max(SESSIONS_INCLUDED_MAX, `At most ${SESSIONS_INCLUDED_MAX} sessions.`),
  discount_percent: discountPercentSchema,
};
export const allowedTreatmentPatchSchema = z.object(allowedTreatmentFields).partial();
export type AllowedTreatmentChanges = z.output<typeof allowedTreatmentPatchSchema>;
export const allowedTreatmentBodySchema = z.object({
  ...allowedTreatmentFields,
  sessions_included: allowedTreatmentFields.sessions_included.default(0),
  discount_percent: discountPercentSchema.default('0'),
});
export type AllowedTreatmentBody = z.input<typeof allowedTreatmentBodySchema>;
export type AllowedTreatmentInput = z.output<typeof allowedTreatmentBodySchema>;

export const allowedTreatmentSchema = z.object({
  id: z.number().int(),
  membership: z.number().int(),
  membership_name: z.string(),
  treatment: z.number().int(),
  treatment_name: z.string(),
  treatment_category_name: z.string(),
  treatment_duration_minutes: z.number().int(),
  treatment_price: z.string(),
  treatment_is_active: z.boolean(),
  /** The treatment's price after this membership's discount, rounded to centavos (computed in SQL). */
  member_price: z.string(),
  sessions_included: z.number().int(),
  discount_percent: z.string(),
  ...timestamps,
});
export type AllowedTreatment = z.infer<typeof allowedTreatmentSchema>;

export const ALLOWED_TREATMENT_ORDERING = [
  'treatment_name',
  'membership_name',
  'sessions_included',
  'discount_percent',
  'created_at',
] as const;
export const allowedTreatmentListQuerySchema = listQuerySchema(ALLOWED_TREATMENT_ORDERING, {
  membership: filterId.optional(),
  treatment: filterId.optional(),
});
export type AllowedTreatmentListQuery = z.input<typeof allowedTreatmentListQuerySchema>;
export type AllowedTreatmentQuery = z.output<typeof allowedTreatmentListQuerySchema>;

// ——— resources: the schemas of each resource's six routes (docs/api.md) ———

const categoryBodies = { createBody: categoryBodySchema, putBody: categoryBodySchema, patchBody: categoryPatchSchema };
export const treatmentCategoryResource = {
  item: treatmentCategorySchema,
  listQuery: treatmentCategoryListQuerySchema,
  ...categoryBodies,
};
export const membershipCategoryResource = {
  item: membershipCategorySchema,
  listQuery: membershipCategoryListQuerySchema,
  ...categoryBodies,
};
export const treatmentResource = {
  item: treatmentSchema,
  listQuery: treatmentListQuerySchema,
  createBody: treatmentBodySchema,
  putBody: treatmentBodySchema,
  patchBody: treatmentPatchSchema,
};
export const membershipResource = {
  item: membershipSchema,
  listQuery: membershipListQuerySchema,
  createBody: membershipBodySchema,
  putBody: membershipBodySchema,
  patchBody: membershipPatchSchema,
};
export const allowedTreatmentResource = {
  item: allowedTreatmentSchema,
  listQuery: allowedTreatmentListQuerySchema,
  createBody: allowedTreatmentBodySchema,
  putBody: allowedTreatmentBodySchema,
  patchBody: allowedTreatmentPatchSchema,
};

/** "1 h 30 min" for a treatment's length. */
export const formatDuration = (minutes: number): string => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
};
