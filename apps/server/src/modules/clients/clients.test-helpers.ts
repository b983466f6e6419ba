import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Agent } from '../../test/build';
import {
  banks,
  employees,
  locations,
  membershipAllowedTreatments,
  memberships,
  treatments,
  users,
} from '../../db/schema/index';

/** Ids from the demo data the client tests build on. */
export type Fixtures = {
  home: number;
  other: number;
  salesperson: number;
  otherSalesperson: number;
  therapist: number;
  therapistUserId: number;
  otherTherapist: number;
  receptionist: number;
  treatment: { id: number; price: string };
  otherTreatment: number;
  membership: { id: number; price: string; treatment: number; sessions: number };
  bank: number;
};

const employeeOf = async (db: Db, username: string) => {
  const [row] = await db
    .select({ id: employees.id, locationId: employees.locationId, userId: employees.userId })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!;
};

/**
 * An active salesperson at `locationId` other than `not` (the lowest id, so the same one every
 * run): a colleague for leaderboard and scope tests.
 */
export const activeSalesperson = async (db: Db, locationId: number, not = 0) => {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.kind, 'salesperson'),
        eq(employees.locationId, locationId),
        ne(employees.id, not),
        eq(employees.isActive, true),
      ),
    )
    .orderBy(asc(employees.id))
    .limit(1);
  return row!.id;
};

export const loadFixtures = async (db: Db): Promise<Fixtures> => {
  const sp = await employeeOf(db, 'salesperson');
  const th = await employeeOf(db, 'therapist');
  const rc = await employeeOf(db, 'receptionist');
  const [other] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(ne(locations.id, sp.locationId))
    .orderBy(asc(locations.id))
    .limit(1);
  const [otherTherapist] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.kind, 'therapist'), eq(employees.locationId, other!.id), eq(employees.isActive, true)))
    .limit(1);
  const [treatment, second] = await db
    .select({ id: treatments.id, price: treatments.price })
    .from(treatments)
    .where(eq(treatments.isActive, true))
    .orderBy(asc(treatments.id))
    .limit(2);
  const [line] = await db
    .select({
      id: memberships.id,
      price: memberships.price,
      treatment: membershipAllowedTreatments.treatmentId,
      sessions: membershipAllowedTreatments.sessionsIncluded,
    })
    .from(memberships)
    .innerJoin(membershipAllowedTreatments, eq(membershipAllowedTreatments.membershipId, memberships.id))
    .where(and(eq(memberships.isActive, true), gt(membershipAllowedTreatments.sessionsIncluded, 0)))
    .orderBy(asc(memberships.id), asc(membershipAllowedTreatments.id))
    .limit(1);
  const [bank] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(eq(banks.isActive, true))
    .orderBy(asc(banks.id))
    .limit(1);
  return {
    home: sp.locationId,
    other: other!.id,
    salesperson: sp.id,
    otherSalesperson: await activeSalesperson(db, other!.id),
    therapist: th.id,
    therapistUserId: th.userId!,
    otherTherapist: otherTherapist!.id,
    receptionist: rc.id,
    treatment: treatment!,
    otherTreatment: second!.id,
    membership: line!,
    bank: bank!.id,
  };
};

/**
 * Sells the fixtures' treatment at the desk to `client`, paid in cash at the demo salesperson's home
 * location and credited to them (`sessions` 1 unless told).
 */
export const sellTreatment = (agent: Agent, f: Fixtures, client: number, sessions = 1) =>
  agent.request({
    method: 'POST',
    url: '/api/clients/treatments/',
    payload: {
      client,
      treatment: f.treatment.id,
      sessions,
      location: f.home,
      salesperson: f.salesperson,
      payment_method: 'cash',
    },
  });
