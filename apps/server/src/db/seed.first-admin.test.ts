import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadEnv } from '../plugins/env';
import { displayName } from '../lib/actor';
import { openMigratedPglite } from '../test/database';
import { users } from './schema/index';
import { seedDatabase, type SeedOptions } from './seed';

/** The first admin of a new database seeded with `options` (a real business: no demo data). */
const firstAdmin = async (options: Omit<SeedOptions, 'adminPassword' | 'seedDemo'> = {}) => {
  const database = await openMigratedPglite();
  try {
    await seedDatabase(database.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false, ...options });
    const [admin] = await database.db
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.username, 'admin'));
    return admin!;
  } finally {
    await database.close();
  }
};

describe("a real business's first admin (decision 0016)", () => {
  it('has no invented name: the panel greets and credits them by username until one is given', async () => {
    const admin = await firstAdmin();
    expect(admin).toEqual({ username: 'admin', firstName: '', lastName: '' });
    expect(displayName(admin)).toBe('admin');
  });

  it('takes the name from ADMIN_FIRST_NAME and ADMIN_LAST_NAME, trimmed; a blank one is no name', async () => {
    const env = loadEnv({ ADMIN_FIRST_NAME: '  Maria  ', ADMIN_LAST_NAME: 'Santos', DATA_DIR: '/tmp/unused' });
    expect(env).toMatchObject({ adminFirstName: 'Maria', adminLastName: 'Santos' });
    expect(loadEnv({ ADMIN_FIRST_NAME: '   ', DATA_DIR: '/tmp/unused' }).adminFirstName).toBeUndefined();
    expect(() => loadEnv({ ADMIN_LAST_NAME: 'x'.repeat(101) })).toThrow(/ADMIN_LAST_NAME: At most 100 characters\./);
    const admin = await firstAdmin({ adminName: { firstName: env.adminFirstName, lastName: env.adminLastName } });
    expect(admin).toEqual({ username: 'admin', firstName: 'Maria', lastName: 'Santos' });
  });
});
