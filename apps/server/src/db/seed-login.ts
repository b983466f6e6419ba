import type { DbOrTx } from './client';
import { userGroups, users } from './schema/index';

type SeedLogin = Pick<
  typeof users.$inferInsert,
  'username' | 'firstName' | 'lastName' | 'passwordHash' | 'isActive' | 'mustChangePassword'
>;

/**
 * A login the seed makes (the first Admin, the demo's staff) with its one group. Its address is the
 * username at ginhawa.example, a domain reserved for examples that never receives mail.
 */
export const insertSeedLogin = async (tx: DbOrTx, login: SeedLogin, groupId: number) => {
  const [user] = await tx
    .insert(users)
    .values({ ...login, email: `${login.username}@ginhawa.example` })
    .returning({ id: users.id });
  await tx.insert(userGroups).values({ userId: user!.id, groupId });
  return user!.id;
};
