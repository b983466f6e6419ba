import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { clientMemberships, employees, membershipAllowedTreatments } from '../../db/schema/index';
import { fieldError } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';

/** Who and what an arrival names, checked before it is written (arrivals.service.ts). */

/** An active employee of this kind at the location; the refusal names `field` (the second therapist's own). */
export const staffAt = async (
  db: DbOrTx,
  id: number,
  kind: 'therapist' | 'receptionist',
  locationId: number,
  location: string,
  field: string = kind,
) => {
  const [person] = await db.select().from(employees).where(eq(employees.id, id));
  if (!person || person.kind !== kind) throw fieldError(field, `No such ${kind}.`);
  const name = `${person.firstName} ${person.lastName}`;
  if (!person.isActive) throw fieldError(field, `${name} is no longer active.`);
  if (person.locationId !== locationId) throw fieldError(field, `${name} works at another location, not ${location}.`);
  return { ...person, name };
};

/** A visit under a membership without a voucher: the membership is the client's, active on the day, and covers the treatment. */
export const checkMembershipVisit = async (
  tx: Tx,
  clientId: number,
  clientMembershipId: number,
  treatmentId: number | null,
  date: string,
) => {
  const [membership] = await tx.select().from(clientMemberships).where(eq(clientMemberships.id, clientMembershipId));
  if (!membership || membership.clientId !== clientId)
    throw fieldError('client_membership', 'This membership belongs to another client.');
  if (membership.status !== 'active' || membership.endDate < date || membership.startDate > date) {
    throw fieldError('client_membership', `This membership is not active on ${dayInWords(date)}.`);
  }
  if (treatmentId === null) throw fieldError('treatment', 'Choose the treatment the membership is used for.');
  const [line] = await tx
    .select({ id: membershipAllowedTreatments.id })
    .from(membershipAllowedTreatments)
    .where(
      and(
        eq(membershipAllowedTreatments.membershipId, membership.membershipId),
        eq(membershipAllowedTreatments.treatmentId, treatmentId),
      ),
    );
  if (!line) throw fieldError('treatment', 'The membership does not cover this treatment.');
};
