import { inArray } from 'drizzle-orm';
import { EMPLOYEE_CODE_PREFIX, EMPLOYEE_KIND_GROUP, type EmployeeKind, type GroupName } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { banks, employees, locations, userLocations, users } from '../../db/schema/index';
import type { createDemoFaker } from '../../db/demo-data';
import { insertSeedLogin } from '../../db/seed-login';

type DemoFaker = ReturnType<typeof createDemoFaker>;

/** Six Metro Manila branches; Malate keeps night hours (closes after midnight). */
const BRANCHES = [
  {
    name: 'Makati Salcedo',
    address: '128 L.P. Leviste St, Salcedo Village, Makati City',
    open: '10:00',
    close: '22:00',
  },
  {
    name: 'BGC High Street',
    address: '7th Ave cor. 28th St, Bonifacio Global City, Taguig',
    open: '10:00',
    close: '23:00',
  },
  {
    name: 'Quezon City Tomas Morato',
    address: '215 Tomas Morato Ave, South Triangle, Quezon City',
    open: '11:00',
    close: '23:00',
  },
  { name: 'Ortigas Center', address: 'ADB Ave, Ortigas Center, Pasig City', open: '09:00', close: '21:00' },
  {
    name: 'Alabang Town Center',
    address: 'Madrigal Ave, Ayala Alabang, Muntinlupa City',
    open: '10:00',
    close: '21:00',
  },
  { name: 'Malate Manila', address: '1750 Adriatico St, Malate, Manila', open: '14:00', close: '02:00' },
] as const;

const BANK_ACCOUNTS = [
  { name: 'BDO Unibank', account: '0052 1234 5678', active: true },
  { name: 'BPI', account: '3141 5926 53', active: true },
  { name: 'Metrobank', account: '117-3-11700981-2', active: true },
  { name: 'UnionBank of the Philippines', account: '0012 3456 7890', active: true },
  { name: 'Security Bank', account: '0000 0612 3456 7', active: true },
  { name: 'BDO Unibank', account: '0052 9876 5432', active: false },
] as const;

const MOBILE_PREFIXES = ['917', '918', '919', '927', '945', '966', '977', '995', '998'] as const;

/** Per branch: who works there besides the four demo accounts. */
const STAFFING: { kind: EmployeeKind; perBranch: number }[] = [
  { kind: 'therapist', perBranch: 3 },
  { kind: 'salesperson', perBranch: 2 },
  { kind: 'receptionist', perBranch: 1 },
];

/** The demo branches (phones from `landline`, in branch order) and the company's bank accounts; answers the branch ids. */
const seedDemoBranchesAndBanks = async (tx: Tx, landline: () => string) => {
  const branchRows = await tx
    .insert(locations)
    .values(
      BRANCHES.map((b) => ({
        name: b.name,
        address: b.address,
        phone: landline(),
        openingTime: b.open,
        closingTime: b.close,
      })),
    )
    .returning({ id: locations.id, name: locations.name });

  await tx.insert(banks).values(
    BANK_ACCOUNTS.map((b) => ({
      name: b.name,
      accountName: 'Ginhawa Wellness Spa Inc.',
      accountNumber: b.account.replace(/[\s-]/g, ''),
      isActive: b.active,
    })),
  );
  return branchRows.map((b) => b.id);
};

/**
 * Demo branches, staff and bank accounts. The demo accounts `salesperson`, `therapist` and
 * `receptionist` get records at the first branch; `manager` manages the first two. Every other
 * employee has a login (password = the demo password) except one therapist per branch, who is
 * on the floor without one; one therapist has left (inactive).
 */
export const seedDemoAdministration = async (
  tx: Tx,
  demo: DemoFaker,
  options: { passwordHash: string; groupIds: Map<string, number> },
) => {
  const { faker } = demo;
  const phone = () => `+63${faker.helpers.arrayElement(MOBILE_PREFIXES)}${faker.string.numeric(7)}`;
  const landline = () => `+632${faker.helpers.arrayElement(['8', '7'])}${faker.string.numeric(7)}`;
  const hireDate = () => faker.date.between({ from: '2019-01-01', to: '2025-06-30' }).toISOString().slice(0, 10);
  const target = () => `${faker.number.int({ min: 12, max: 40 }) * 10_000}.00`;

  const branchIds = await seedDemoBranchesAndBanks(tx, landline);
  const home = branchIds[0]!;

  const counters: Record<EmployeeKind, number> = { salesperson: 0, therapist: 0, receptionist: 0 };
  const nextCode = (kind: EmployeeKind) =>
    `${EMPLOYEE_CODE_PREFIX[kind]}-${String((counters[kind] += 1)).padStart(4, '0')}`;

  // The demo accounts get their records and workplaces.
  const demoUsers = await tx
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.username, ['manager', 'salesperson', 'therapist', 'receptionist']));
  const byName = new Map(demoUsers.map((u) => [u.username, u]));
  const manager = byName.get('manager');
  if (manager)
    await tx
      .insert(userLocations)
      .values(branchIds.slice(0, 2).map((locationId) => ({ userId: manager.id, locationId })));
  for (const kind of ['salesperson', 'therapist', 'receptionist'] as const) {
    const user = byName.get(kind);
    if (!user) continue;
    await tx.insert(employees).values({
      kind,
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      employeeCode: nextCode(kind),
      phone: phone(),
      locationId: home,
      hireDate: hireDate(),
      monthlyTarget: kind === 'salesperson' ? target() : null,
    });
    await tx.insert(userLocations).values({ userId: user.id, locationId: home });
  }

  // Everyone else, branch by branch.
  const usernames = new Set(['admin', 'manager', 'salesperson', 'therapist', 'receptionist']);
  const usernameFor = (first: string, last: string) => {
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let name = base;
    for (let n = 2; usernames.has(name); n += 1) name = `${base}${n}`;
    usernames.add(name);
    return name;
  };
  let leaverMarked = false;
  for (const locationId of branchIds) {
    for (const { kind, perBranch } of STAFFING) {
      for (let i = 0; i < perBranch; i += 1) {
        const firstName = demo.firstName();
        const lastName = demo.lastName();
        const withLogin = !(kind === 'therapist' && i === perBranch - 1);
        const isActive = !(kind === 'therapist' && i === 1 && !leaverMarked);
        if (!isActive) leaverMarked = true;
        let userId: number | null = null;
        if (withLogin) {
          const username = usernameFor(firstName, lastName);
          userId = await insertSeedLogin(
            tx,
            { username, firstName, lastName, passwordHash: options.passwordHash, isActive },
            options.groupIds.get(EMPLOYEE_KIND_GROUP[kind] as GroupName)!,
          );
          if (isActive) await tx.insert(userLocations).values({ userId, locationId });
        }
        await tx.insert(employees).values({
          kind,
          userId,
          firstName,
          lastName,
          employeeCode: nextCode(kind),
          phone: phone(),
          locationId,
          hireDate: hireDate(),
          isActive,
          monthlyTarget: kind === 'salesperson' ? target() : null,
        });
      }
    }
  }
};
