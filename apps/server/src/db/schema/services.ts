import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/** How a sale is taxed (issue 33): the contract's TAX_CLASSES. */
type TaxClass = 'vatable' | 'vat_exempt' | 'zero_rated';

export const treatmentCategories = t.pgTable(
  'treatment_categories',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 100 }).notNull(),
    description: t.text('description').notNull().default(''),
    ...tracked(),
  },
  (table) => [t.uniqueIndex('treatment_categories_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const treatments = t.pgTable(
  'treatments',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 120 }).notNull(),
    // Restrict: a category with treatments cannot disappear underneath them.
    categoryId: t
      .integer('category_id')
      .notNull()
      .references(() => treatmentCategories.id, { onDelete: 'restrict' }),
    durationMinutes: t.integer('duration_minutes').notNull(),
    price: t.numeric('price', { precision: 12, scale: 2 }).notNull(),
    description: t.text('description').notNull().default(''),
    isActive: t.boolean('is_active').notNull().default(true),
    /** The room kinds it needs on the floor board (issue 22); empty: any room. */
    roomKinds: t
      .text('room_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How its sale is taxed (issue 33): `vatable`, `vat_exempt` or `zero_rated`; prices include VAT. */
    taxClass: t.varchar('tax_class', { length: 12 }).$type<TaxClass>().notNull().default('vatable'),
    /** Whether a senior citizen or PWD gets the 20% discount on it (decision 1003: the business decides). */
    seniorPwdEligible: t.boolean('senior_pwd_eligible').notNull().default(true),
    ...tracked(),
  },
  (table) => [
    t.check('treatments_tax_class', sql`tax_class in ('vatable', 'vat_exempt', 'zero_rated')`),
    t.uniqueIndex('treatments_category_name_lower_idx').on(table.categoryId, sql`lower(${table.name})`),
    t.index('treatments_name_idx').on(table.name),
    t.check('treatments_duration_grid', sql`${table.durationMinutes} > 0 and ${table.durationMinutes} % 15 = 0`),
    t.check('treatments_price_nonnegative', sql`${table.price} >= 0`),
  ],
);

export const membershipCategories = t.pgTable(
  'membership_categories',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 100 }).notNull(),
    description: t.text('description').notNull().default(''),
    ...tracked(),
  },
  (table) => [t.uniqueIndex('membership_categories_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const memberships = t.pgTable(
  'memberships',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 120 }).notNull(),
    price: t.numeric('price', { precision: 12, scale: 2 }).notNull(),
    validityDays: t.integer('validity_days').notNull(),
    description: t.text('description').notNull().default(''),
    isActive: t.boolean('is_active').notNull().default(true),
    taxClass: t.varchar('tax_class', { length: 12 }).$type<TaxClass>().notNull().default('vatable'),
    /** Off: a membership fee is not a sale of a service to the person (Soliman v. Santos, 2023). */
    seniorPwdEligible: t.boolean('senior_pwd_eligible').notNull().default(false),
    ...tracked(),
  },
  (table) => [
    t.check('memberships_tax_class', sql`tax_class in ('vatable', 'vat_exempt', 'zero_rated')`),
    t.uniqueIndex('memberships_name_lower_idx').on(sql`lower(${table.name})`),
    t.check('memberships_price_nonnegative', sql`${table.price} >= 0`),
    t.check('memberships_validity_positive', sql`${table.validityDays} > 0`),
  ],
);

/** Which membership categories a membership is listed under; replaced as a set by update_categories. */
export const membershipCategoryLinks = t.pgTable(
  'membership_category_links',
  {
    // The links belong to the membership; a category that still has links is in use (restrict).
    membershipId: t
      .integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    categoryId: t
      .integer('category_id')
      .notNull()
      .references(() => membershipCategories.id, { onDelete: 'restrict' }),
  },
  (table) => [
    t.primaryKey({ columns: [table.membershipId, table.categoryId] }),
    t.index('membership_category_links_category_idx').on(table.categoryId),
  ],
);

/** What a membership includes: per treatment, sessions included and a discount on further ones. */
export const membershipAllowedTreatments = t.pgTable(
  'membership_allowed_treatments',
  {
    id: t.serial('id').primaryKey(),
    membershipId: t
      .integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    // Restrict: a treatment some membership includes is in use.
    treatmentId: t
      .integer('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'restrict' }),
    sessionsIncluded: t.integer('sessions_included').notNull().default(0),
    discountPercent: t.numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    ...tracked(),
  },
  (table) => [
    t.uniqueIndex('membership_allowed_treatments_pair_idx').on(table.membershipId, table.treatmentId),
    t.index('membership_allowed_treatments_treatment_idx').on(table.treatmentId),
    t.check('membership_allowed_treatments_sessions', sql`${table.sessionsIncluded} >= 0`),
    t.check(
      'membership_allowed_treatments_discount',
      sql`${table.discountPercent} >= 0 and ${table.discountPercent} <= 100`,
    ),
  ],
);

const IN_USE = 'Move or delete what uses it first.';
export const serviceConstraints = {
  treatment_categories_name_lower_idx: {
    kind: 'unique',
    message: 'A treatment category with this name already exists.',
    field: 'name',
  },
  membership_categories_name_lower_idx: {
    kind: 'unique',
    message: 'A membership category with this name already exists.',
    field: 'name',
  },
  treatments_category_name_lower_idx: {
    kind: 'unique',
    message: 'This category already has a treatment with this name.',
    field: 'name',
  },
  memberships_name_lower_idx: { kind: 'unique', message: 'A membership with this name already exists.', field: 'name' },
  membership_allowed_treatments_pair_idx: {
    kind: 'unique',
    message: 'This membership already includes this treatment.',
    field: 'treatment',
  },
  treatments_category_id_treatment_categories_id_fk: {
    kind: 'foreignKey',
    table: 'treatments',
    field: 'category',
    missing: 'No such treatment category.',
    inUse: `This treatment category is in use. ${IN_USE}`,
  },
  membership_category_links_category_id_membership_categories_id_fk: {
    kind: 'foreignKey',
    table: 'membership_category_links',
    field: 'categories',
    missing: 'A chosen category no longer exists.',
    inUse: `This membership category is in use. ${IN_USE}`,
  },
  membership_allowed_treatments_treatment_id_treatments_id_fk: {
    kind: 'foreignKey',
    table: 'membership_allowed_treatments',
    field: 'treatment',
    missing: 'No such treatment.',
    inUse: 'This treatment is in use. Deactivate it instead of deleting it.',
  },
  membership_allowed_treatments_membership_id_memberships_id_fk: {
    kind: 'foreignKey',
    table: 'membership_allowed_treatments',
    field: 'membership',
    missing: 'No such membership.',
  },
} satisfies ConstraintSentences;
