import { and, count as countRows, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  banks,
  clients,
  employees,
  locations,
  membershipAllowedTreatments,
  memberships,
  treatments,
} from '../../db/schema/index';

// What the demo clients are sold and served from: the demo branches, their staff and the catalogue.

/** How many clients the database holds: each bulk-seed run seeds its faker with it, so reruns add new people. */
export const countClients = async (db: DbOrTx) => (await db.select({ n: countRows() }).from(clients))[0]?.n ?? 0;

export type DemoStaff = {
  /** Active branches with at least one salesperson and one therapist. */
  usable: number[];
  sellers: Map<number, number[]>;
  therapists: Map<number, number[]>;
  receptionists: Map<number, number[]>;
};

export const loadDemoStaff = async (db: DbOrTx): Promise<DemoStaff> => {
  const branchIds = (await db.select({ id: locations.id }).from(locations).where(eq(locations.isActive, true))).map(
    (l) => l.id,
  );
  const staff = await db
    .select({ id: employees.id, kind: employees.kind, locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.isActive, true));
  const byKind = (kind: string, locationId: number) =>
    staff.filter((s) => s.kind === kind && s.locationId === locationId).map((s) => s.id);
  const sellers = new Map(branchIds.map((id) => [id, byKind('salesperson', id)]));
  const therapists = new Map(branchIds.map((id) => [id, byKind('therapist', id)]));
  const receptionists = new Map(branchIds.map((id) => [id, byKind('receptionist', id)]));
  const usable = branchIds.filter((id) => sellers.get(id)!.length && therapists.get(id)!.length);
  return { usable, sellers, therapists, receptionists };
};

export const loadDemoCatalogue = async (db: DbOrTx) => {
  const menu = await db
    .select({ id: treatments.id, price: treatments.price })
    .from(treatments)
    .where(eq(treatments.isActive, true));
  const plans = await db
    .select({ id: memberships.id, price: memberships.price, validityDays: memberships.validityDays })
    .from(memberships)
    .where(eq(memberships.isActive, true));
  const lines = await db
    .select({
      membershipId: membershipAllowedTreatments.membershipId,
      treatmentId: membershipAllowedTreatments.treatmentId,
      sessions: membershipAllowedTreatments.sessionsIncluded,
    })
    .from(membershipAllowedTreatments)
    .where(gt(membershipAllowedTreatments.sessionsIncluded, 0));
  const bankIds = (
    await db
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.isActive, true)))
  ).map((b) => b.id);
  return { menu, plans, lines, bankIds };
};
export type DemoCatalogue = Awaited<ReturnType<typeof loadDemoCatalogue>>;
