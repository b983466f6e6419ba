import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

export const treatmentCategories = pgTable(
  'treatment_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    ...tracked(),
  },
  (t) => [uniqueIndex('treatment_categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const treatments = pgTable(
  'treatments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    // Restrict: a category with treatments cannot disappear underneath them.
    categoryId: integer('category_id')
      .notNull()
      .references(() => treatmentCategories.id, { onDelete: 'restrict' }),
    durationMinutes: integer('duration_minutes').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** The room kinds it needs on the floor board (issue 22); empty: any room. */
    roomKinds: text('room_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('treatments_category_name_lower_idx').on(t.categoryId, sql`lower(${t.name})`),
    index('treatments_name_idx').on(t.name),
    check('treatments_duration_grid', sql`${t.durationMinutes} > 0 and ${t.durationMinutes} % 15 = 0`),
    check('treatments_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const membershipCategories = pgTable(
  'membership_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    ...tracked(),
  },
  (t) => [uniqueIndex('membership_categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    validityDays: integer('validity_days').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('memberships_name_lower_idx').on(sql`lower(${t.name})`),
    check('memberships_price_nonnegative', sql`${t.price} >= 0`),
    check('memberships_validity_positive', sql`${t.validityDays} > 0`),
  ],
);

/** Which membership categories a membership is listed under; replaced as a set by update_categories. */
export const membershipCategoryLinks = pgTable(
  'membership_category_links',
  {
    // The links belong to the membership; a category that still has links is in use (restrict).
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => membershipCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.categoryId] }),
    index('membership_category_links_category_idx').on(t.categoryId),
  ],
);

/** What a membership includes: per treatment, sessions included and a discount on further ones. */
export const membershipAllowedTreatments = pgTable(
  'membership_allowed_treatments',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    // Restrict: a treatment some membership includes is in use.
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'restrict' }),
    sessionsIncluded: integer('sessions_included').notNull().default(0),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('membership_allowed_treatments_pair_idx').on(t.membershipId, t.treatmentId),
    index('membership_allowed_treatments_treatment_idx').on(t.treatmentId),
    check('membership_allowed_treatments_sessions', sql`${t.sessionsIncluded} >= 0`),
    check('membership_allowed_treatments_discount', sql`${t.discountPercent} >= 0 and ${t.discountPercent} <= 100`),
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
