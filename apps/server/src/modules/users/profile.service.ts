import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { fieldError, fieldsError, notFound } from '../../lib/http-error';
import { endAllSessions, findUsersByIds } from './auth.service';
import type { ImageType } from '../../lib/uploads';
import { deleteFileByUrl, fileUrl, storeFile } from '../files/index';
import { hashPassword, passwordProblems, verifyPassword } from './passwords';
import { countPasswordAttempt, passwordAccepted } from './throttle.service';
import type { AuthUser } from '../../lib/actor';

/** A person's password and picture: changed by themselves or, the password, by an Admin. */

/**
 * Sets a new password and ends all of the user's sessions and tokens. When `oldPassword` is given
 * (a person changing their own), it must match. A password set by someone else (an Admin's reset)
 * must be replaced by the person at their next sign-in; their own clears that (decision 0017).
 */
export const changePassword = async (
  db: Db,
  input: { actorId: number; userId: number; newPassword: string; oldPassword?: string; ip: string },
) => {
  const [user] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound('No such user.');
  if (input.oldPassword !== undefined) {
    // The same throttle as signing in: otherwise this check would be an unthrottled password oracle.
    const keys = await countPasswordAttempt(db, user.username, input.ip, 'password');
    if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
      throw fieldError('old_password', 'The current password is not correct.');
    await passwordAccepted(db, keys);
  }
  const problems = passwordProblems(input.newPassword, user.username);
  if (input.oldPassword !== undefined && input.oldPassword === input.newPassword)
    problems.push('Choose a password different from the current one.');
  if (problems.length) throw fieldsError({ new_password: problems });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: input.actorId !== user.id, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    await audit(tx, { actorId: input.actorId, action: 'update_password', tableName: 'users', rowId: user.id });
  });
};

/** Stores a new avatar image and points the user at it; the previous image is removed. */
export const setAvatar = async (
  db: Db,
  input: { actorId: number; userId: number; bytes: Buffer; contentType: ImageType },
): Promise<AuthUser> => {
  const [before] = await db
    .select({ id: users.id, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!before) throw notFound('No such user.');
  await db.transaction(async (tx) => {
    const fileId = await storeFile(tx, {
      kind: 'avatar',
      contentType: input.contentType,
      bytes: input.bytes,
      createdBy: input.actorId,
    });
    await tx
      .update(users)
      .set({ avatar: fileUrl(fileId), updatedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    await deleteFileByUrl(tx, before.avatar);
    await audit(tx, {
      actorId: input.actorId,
      action: 'update_avatar',
      tableName: 'users',
      rowId: input.userId,
      before: { avatar: before.avatar },
      after: { avatar: fileUrl(fileId) },
    });
  });
  const [user] = await findUsersByIds(db, [input.userId]);
  return user!;
};
