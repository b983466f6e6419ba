import { it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema/index';
import { ROLES, type Expect, type Role } from '../../test/role-matrix';
import { describeMatrix, expectRowsCoverRoutes, startMatrix, type MatrixRow } from '../../test/role-matrix-runner';
import { loadFixtures } from '../clients/clients.test-helpers';

/**
 * The till × roles (issue 32): every /sales/ route gives each caller exactly this status. Each role
 * checks out and closes its own visit, so one role's write never changes what another's touches.
 */

type Targets = {
  home: number;
  other: number;
  /** Per role: a visit to check out and one to close as unpaid. */
  visits: Record<Role, { checkout: number; unpaid: number }>;
  price: string;
  salesperson: number;
};

/** The till's roles of the branch (the desk, its Managers) and Admins. */
const till = (status: number): Expect => ({
  anonymous: 401,
  Salesperson: status,
  Therapist: 403,
  Receptionist: status,
  Manager: status,
  Admin: status,
});

let otherName = 'another branch';

const ROWS: MatrixRow<Targets>[] = [
  {
    name: 'GET /sales/tabs/',
    request: (_r, t) => ({ method: 'GET', url: `/api/sales/tabs/?location=${t.home}` }),
    expect: till(200),
    forbidden: 'Only the front desk or a Manager may see the open tabs.',
  },
  {
    name: 'GET /sales/tabs/ (another branch’s)',
    request: (_r, t) => ({ method: 'GET', url: `/api/sales/tabs/?location=${t.other}` }),
    // The demo Manager works at both branches (user_locations); the desk and the therapist at one.
    expect: { anonymous: 401, Salesperson: 403, Therapist: 403, Receptionist: 403, Manager: 200, Admin: 200 },
    get forbidden() {
      return `You do not work at ${otherName}, so you cannot see the open tabs there.`;
    },
  },
  {
    name: 'POST /sales/checkout/',
    request: (r, t) => ({
      method: 'POST',
      url: '/api/sales/checkout/',
      payload: {
        arrival: t.visits[r].checkout,
        salesperson: t.salesperson,
        payments: [{ payment_method: 'cash', amount: t.price }],
      },
    }),
    expect: till(201),
    forbidden: 'Only the front desk or a Manager may check out a visit.',
  },
  {
    name: 'POST /sales/tabs/{arrival}/unpaid/',
    request: (r, t) => ({
      method: 'POST',
      url: `/api/sales/tabs/${t.visits[r].unpaid}/unpaid/`,
      payload: { reason: 'Matrix: the client left.' },
    }),
    expect: { anonymous: 401, Salesperson: 403, Therapist: 403, Receptionist: 403, Manager: 200, Admin: 200 },
    forbidden: 'Only a Manager may close a tab as unpaid.',
  },
];

let phone = 6_000_000;

const matrix = startMatrix<Targets>(async ({ app, make }) => {
  const f = await loadFixtures(app.deps.db);
  const [far] = await app.deps.db.select({ name: locations.name }).from(locations).where(eq(locations.id, f.other));
  otherName = far!.name;
  const [home, therapist, treatment] = [f.home, f.therapist, f.treatment];
  const visit = async () => {
    const client = await make('/api/clients/', {
      first_name: 'Matrix',
      last_name: 'Till',
      phone: `0917${String((phone += 1)).padStart(7, '0')}`,
      location: home,
    });
    return (
      await make('/api/clients/arrivals/', {
        client: client.id,
        location: home,
        time: '10:00',
        therapist,
        treatment: treatment.id,
      })
    ).id;
  };
  const visits = {} as Targets['visits'];
  for (const role of ROLES) visits[role] = { checkout: await visit(), unpaid: await visit() };
  return { home, other: f.other, visits, price: treatment.price, salesperson: f.salesperson };
});

describeMatrix(ROWS, matrix);

it('covers every /sales/ route the app registers', async () => {
  await expectRowsCoverRoutes(matrix().app, ROWS, { prefixes: ['/sales/'], authRoutes: 'left out' });
});
