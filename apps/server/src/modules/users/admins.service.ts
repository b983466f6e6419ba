import { and, eq } from 'drizzle-orm';
import { ADMIN_GROUP } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { groups, userGroups, users } from '../../db/schema/index';

/** Every active Admin's user id: who is told of a security alarm, and who approves a pay run. */
export const activeAdminIds = async (db: DbOrTx): Promise<number[]> =>
  (
    await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(and(eq(groups.name, ADMIN_GROUP), eq(users.isActive, true)))
  ).map((r) => r.id);

/** Every account in the Admin group, active or deactivated: who could be asked to approve (decision 0712). */
export const adminAccountIds = async (db: DbOrTx): Promise<number[]> =>
  (
    await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(groups.name, ADMIN_GROUP))
  ).map((r) => r.id);
