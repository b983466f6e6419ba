import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  membershipAllowedTreatments,
  membershipCategories,
  membershipCategoryLinks,
  memberships,
  treatmentCategories,
  treatments,
  users,
} from '../../db/schema/index';
import demoCatalogue from './services.demo.json';

/**
 * A Manila day-spa menu at 2025 prices and the memberships sold on it, kept as data in
 * services.demo.json. Fixed, not random: staff learn it like a real menu. Each membership gives one
 * discount on every treatment it includes, so the discount is stated once per membership.
 */
const demoCatalogueSchema = z.object({
  treatmentCategories: z.record(
    z.string(),
    z.object({
      description: z.string(),
      /** The room kinds the category's treatments need (the floor board's rooms, decision 0902); an item may say otherwise. */
      roomKinds: z.array(z.string()).default([]),
      items: z.array(
        z.object({
          name: z.string(),
          minutes: z.number().int(),
          price: z.string(),
          description: z.string(),
          roomKinds: z.array(z.string()).optional(),
          active: z.boolean().optional(),
        }),
      ),
    }),
  ),
  membershipCategories: z.array(z.string()),
  memberships: z.array(
    z.object({
      name: z.string(),
      price: z.string(),
      validityDays: z.number().int(),
      description: z.string(),
      active: z.boolean().optional(),
      categories: z.array(z.string()),
      discountPercent: z.string(),
      /** Treatment name → sessions included (0: the discount only), in the order they are added. */
      sessions: z.record(z.string(), z.number().int()),
    }),
  ),
});

const catalogue = demoCatalogueSchema.parse(demoCatalogue);
export const DEMO_TREATMENTS = catalogue.treatmentCategories;
export const DEMO_MEMBERSHIP_CATEGORIES = catalogue.membershipCategories;
export const DEMO_MEMBERSHIPS = catalogue.memberships;

/** Adds the demo catalogue (called by the seed when demo data is on, in its transaction). */
export const seedDemoServices = async (db: DbOrTx) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const by = { createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };

  const treatmentIds = new Map<string, number>();
  for (const [category, { description, roomKinds, items }] of Object.entries(DEMO_TREATMENTS)) {
    const [row] = await db
      .insert(treatmentCategories)
      .values({ name: category, description, ...by })
      .returning({ id: treatmentCategories.id });
    const inserted = await db
      .insert(treatments)
      .values(
        items.map((t) => ({
          name: t.name,
          categoryId: row!.id,
          durationMinutes: t.minutes,
          price: t.price,
          description: t.description,
          roomKinds: t.roomKinds ?? roomKinds,
          isActive: t.active ?? true,
          ...by,
        })),
      )
      .returning({ id: treatments.id, name: treatments.name });
    for (const t of inserted) treatmentIds.set(t.name, t.id);
  }

  const categoryRows = await db
    .insert(membershipCategories)
    .values(DEMO_MEMBERSHIP_CATEGORIES.map((name) => ({ name, ...by })))
    .returning({ id: membershipCategories.id, name: membershipCategories.name });
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));

  for (const m of DEMO_MEMBERSHIPS) {
    const [row] = await db
      .insert(memberships)
      .values({
        name: m.name,
        price: m.price,
        validityDays: m.validityDays,
        description: m.description,
        isActive: m.active ?? true,
        ...by,
      })
      .returning({ id: memberships.id });
    await db.insert(membershipCategoryLinks).values(
      m.categories.map((c) => {
        const categoryId = categoryIds.get(c);
        if (!categoryId) throw new Error(`Demo membership ${m.name} names unknown category ${c}`);
        return { membershipId: row!.id, categoryId };
      }),
    );
    await db.insert(membershipAllowedTreatments).values(
      Object.entries(m.sessions).map(([name, sessions]) => {
        const treatmentId = treatmentIds.get(name);
        if (!treatmentId) throw new Error(`Demo membership ${m.name} includes unknown treatment ${name}`);
        return {
          membershipId: row!.id,
          treatmentId,
          sessionsIncluded: sessions,
          discountPercent: m.discountPercent,
          ...by,
        };
      }),
    );
  }
};
