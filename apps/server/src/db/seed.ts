import { count, eq } from 'drizzle-orm';
import { FEATURE_FLAGS, GROUPS, type GroupName } from '@ginhawa/contract';
import type { Db, DbOrTx } from './client';
import { configurations, groups, users } from './schema/index';
import { randomToken } from '../lib/tokens';
import { hashPassword, passwordProblems } from '../modules/users/index';
import { CONFIGURATION_ID } from '../modules/configurations/index';
import { createDemoFaker } from './demo-data';
import { insertSeedLogin } from './seed-login';
import { seedDemoServices } from '../modules/services/index';
import { seedDemoAdministration } from '../modules/employees/index';
import { seedDemoClients } from '../modules/clients/index';
import { seedDemoPayroll } from '../modules/payroll/index';
import { seedDemoFloor, topUpDemoFloor, watchDemoDays } from '../modules/floor/index';
import { seedDemoInvoicing } from '../modules/invoicing/index';

/** Demo clients on a fresh database (docs/product.md §13: about 2,000 with memberships, vouchers and arrivals over 90 days). */
export const DEMO_CLIENTS = 2_000;

/**
 * `demoClients`: how many demo clients (DEMO_CLIENTS by default; the test databases take fewer).
 * `adminName`: the first admin's name (ADMIN_FIRST_NAME, ADMIN_LAST_NAME).
 */
export type SeedOptions = {
  adminPassword?: string;
  adminName?: { firstName?: string; lastName?: string };
  demoPassword?: string;
  seedDemo: boolean;
  demoClients?: number;
  /** The demo issues invoices (decision 1014); the test template and benches seed it off. */
  invoicing?: 'on' | 'off';
};
export type SeedResult = { created: boolean; adminPassword?: string; demoPassword?: string; demoUsers: string[] };

/** Demo staff accounts, one per role (the admin account is separate). */
export const DEMO_ACCOUNTS: { username: string; group: GroupName }[] = [
  { username: 'manager', group: 'Manager' },
  { username: 'salesperson', group: 'Salesperson' },
  { username: 'therapist', group: 'Therapist' },
  { username: 'receptionist', group: 'Receptionist' },
];

const generatedPassword = () => randomToken().slice(0, 16);

/**
 * The first admin's name: as given; else the demo's show name, and no name for a real business
 * (never an invented one: the panel greets and credits a nameless user by username, "admin", until
 * the owner gives one; decision 0016).
 */
const firstAdminName = ({ adminName, seedDemo }: SeedOptions) => ({
  firstName: adminName?.firstName ?? (seedDemo ? 'Site' : ''),
  lastName: adminName?.lastName ?? (seedDemo ? 'Administrator' : ''),
});

const checkedPassword = (name: string, value: string) => {
  const problems = passwordProblems(value);
  if (problems.length) throw new Error(`${name} is not acceptable: ${problems.join(' ')}`);
  return value;
};

export const ensureGroups = async (db: Db) => {
  await db
    .insert(groups)
    .values(GROUPS.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(groups);
  return new Map(rows.map((g) => [g.name, g.id]));
};

/** Fills an empty database: groups always; admin, settings and demo staff only when no user exists yet. */
export const seedDatabase = async (db: Db, options: SeedOptions): Promise<SeedResult> => {
  const groupIds = await ensureGroups(db);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false, demoUsers: [] };

  const adminPassword = checkedPassword('ADMIN_PASSWORD', options.adminPassword ?? generatedPassword());
  const demoPassword = options.seedDemo
    ? checkedPassword('DEMO_PASSWORD', options.demoPassword ?? generatedPassword())
    : undefined;
  const adminHash = await hashPassword(adminPassword);
  const demoHash = demoPassword ? await hashPassword(demoPassword) : undefined;
  const demo = createDemoFaker();

  await db.transaction(async (tx) => {
    const addUser = (
      username: string,
      firstName: string,
      lastName: string,
      passwordHash: string,
      group: GroupName,
      mustChangePassword = false,
    ) => insertSeedLogin(tx, { username, firstName, lastName, passwordHash, mustChangePassword }, groupIds.get(group)!);
    const admin = firstAdminName(options);
    // A real business's first Admin chooses their own password at first sign-in: ADMIN_PASSWORD stays
    // in the deployment's settings and a generated one in its log. The demo's passwords are shared
    // by design, as DEMO_PASSWORD's are (decision 0017).
    await addUser('admin', admin.firstName, admin.lastName, adminHash, 'Admin', !options.seedDemo);
    if (demoHash) {
      for (const account of DEMO_ACCOUNTS)
        await addUser(account.username, demo.firstName(), demo.lastName(), demoHash, account.group);
      await seedDemoAdministration(tx, demo, { passwordHash: demoHash, groupIds });
      await seedDemoServices(tx);
      await seedDemoPayroll(tx);
      await seedDemoClients(tx, { count: options.demoClients ?? DEMO_CLIENTS, faker: demo.faker });
      // After the clients: the coming days' reservations are theirs (decision 0902).
      await seedDemoFloor(tx, { faker: demo.faker });
      await seedDemoInvoicing(tx, { invoicing: options.invoicing ?? 'on' });
    }
    // The demo database shows the whole product: every feature flag on (decision 0610); and says it
    // is one, so later starts keep its floor's coming days booked (decision 0906).
    const features = demoHash ? Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) : {};
    await tx
      .insert(configurations)
      .values({ id: CONFIGURATION_ID, features, demo: Boolean(demoHash) })
      .onConflictDoNothing();
  });
  return {
    created: true,
    adminPassword: options.adminPassword ? undefined : adminPassword,
    demoPassword: options.demoPassword ? undefined : demoPassword,
    demoUsers: demoHash ? DEMO_ACCOUNTS.map((a) => a.username) : [],
  };
};

/**
 * A later start of a demo database (configurations.demo, decision 0906): a branch whose floor has
 * no reservation today gets the demo plan's coming days again, in one transaction. A database
 * seeded without the demo is never touched. Answers the days it booked, with how many reservations each.
 */
export const topUpDemoData = (db: Db) =>
  db.transaction(async (tx) => {
    if (!(await isDemoDatabase(tx))) return [];
    return topUpDemoFloor(tx, { faker: createDemoFaker().faker });
  });

/** Whether the seed wrote the demo data into this database (configurations.demo, decision 0906). */
export const isDemoDatabase = async (db: DbOrTx) => {
  const [row] = await db
    .select({ demo: configurations.demo })
    .from(configurations)
    .where(eq(configurations.id, CONFIGURATION_ID));
  return row?.demo === true;
};

export type DemoTopUp = Awaited<ReturnType<typeof topUpDemoData>>;

/**
 * A running demo server's floor on each new Manila day (decision 0906): the start-up's top-up again
 * when the day turns, `onBooked` told what it booked. Null, and no timer, on any other database.
 */
export const watchDemoFloor = async (
  db: Db,
  { onBooked, onError }: { onBooked: (booked: DemoTopUp) => void; onError: (err: unknown) => void },
) =>
  (await isDemoDatabase(db)) ? watchDemoDays({ topUp: async () => onBooked(await topUpDemoData(db)), onError }) : null;

export const isSeeded = async (db: Db) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  return Boolean(row);
};
