import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnnouncementBody } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { groups, locations, userGroups, userLocations, users } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { badRequest, fieldsError } from '../../lib/http-error';
import type { AuthUser } from '../../lib/actor';
import { notify } from './notifications.service';

// Announcements: one notice from a person to an audience of staff, sent through notify().

type Audience = Pick<AnnouncementBody, 'users' | 'groups' | 'locations'>;

/** Everyone matching any of users / groups / locations (all active staff when none is given), except the sender; 400 naming unknown ones. */
const recipientsOf = async (db: Db, actor: AuthUser, body: Audience): Promise<number[]> => {
  const targeted = Boolean(body.users?.length || body.groups?.length || body.locations?.length);
  const errors: Record<string, string[]> = {};
  if (body.groups?.length) {
    const known = await db.select({ name: groups.name }).from(groups).where(inArray(groups.name, body.groups));
    const unknown = body.groups.filter((g) => !known.some((k) => k.name === g));
    if (unknown.length) errors.groups = [`Unknown group: ${unknown.join(', ')}.`];
  }
  if (body.users?.length) {
    const known = await db.select({ id: users.id }).from(users).where(inArray(users.id, body.users));
    const unknown = body.users.filter((u) => !known.some((k) => k.id === u));
    if (unknown.length) errors.users = [`Unknown user id: ${unknown.slice(0, 10).join(', ')}.`];
  }
  const atLocations = body.locations?.length ? await locationUsers(db, body.locations) : null;
  if (atLocations?.unknown.length)
    errors.locations = [`Unknown location id: ${atLocations.unknown.slice(0, 10).join(', ')}.`];
  if (Object.keys(errors).length) throw fieldsError(errors);

  const conditions = [];
  if (body.users?.length) conditions.push(inArray(users.id, body.users));
  if (body.groups?.length) {
    conditions.push(
      inArray(
        users.id,
        db
          .select({ id: userGroups.userId })
          .from(userGroups)
          .innerJoin(groups, eq(groups.id, userGroups.groupId))
          .where(inArray(groups.name, body.groups)),
      ),
    );
  }
  if (atLocations) conditions.push(inArray(users.id, atLocations.userIds.length ? atLocations.userIds : [-1]));
  const matched = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), targeted ? sql`(${sql.join(conditions, sql` or `)})` : undefined));
  return matched.map((r) => r.id).filter((id) => id !== actor.id);
};

/** How many people an announcement to this audience would reach (the composer shows it before sending). */
export const countRecipients = async (db: Db, actor: AuthUser, audience: Audience) => ({
  recipients: (await recipientsOf(db, actor, audience)).length,
});

/** Sends one announcement to everyone recipientsOf() matches. */
export const announce = async (db: Db, actor: AuthUser, body: AnnouncementBody) => {
  const recipients = await recipientsOf(db, actor, body);
  if (recipients.length === 0) throw badRequest('No active user matches these recipients.');
  await db.transaction(async (tx) => {
    await notify(tx, {
      recipients,
      actorId: actor.id,
      type: 'announcement',
      title: body.title,
      message: body.message,
      link: body.link ?? null,
    });
    await audit(tx, {
      actorId: actor.id,
      action: 'announce',
      tableName: 'notifications',
      after: { title: body.title, recipients: recipients.length },
    });
  });
  return { recipients: recipients.length };
};

/** People working at the given locations, and which of the ids name no location. */
const locationUsers = async (db: Db, locationIds: number[]): Promise<{ userIds: number[]; unknown: number[] }> => {
  const known = await db.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds));
  const unknown = locationIds.filter((id) => !known.some((k) => k.id === id));
  const rows = await db
    .selectDistinct({ userId: userLocations.userId })
    .from(userLocations)
    .where(inArray(userLocations.locationId, locationIds));
  return { userIds: rows.map((r) => r.userId), unknown };
};
