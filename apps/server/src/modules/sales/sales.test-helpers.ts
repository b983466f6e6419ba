import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { invoicingProfile, sales, terminals, treatments } from '../../db/schema/index';
import { startSignedIn } from '../../test/agents';
import type { Agent, TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';

/** Exact centavos of a money string, for expected amounts (never floats). */
export const centavos = (money: string) => BigInt(money.replace('.', ''));
/** Centavos back to a money string: 123450n → "1234.50". */
export const pesos = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** A till suite's start: the app, the named seeded users signed in and the clients' fixtures (close `ctx` after). */
export const startTill = async <const N extends string>(...usernames: N[]) => {
  const started = await startSignedIn(...usernames);
  return { ...started, f: await loadFixtures(started.ctx.database.db) };
};

/** The terminal of the home branch and of the other (the run's database has one a branch, invoicing.demo.ts). */
export const branchTerminals = async (db: Db, f: Fixtures) => {
  const rows = await db
    .select({ id: terminals.id, locationId: terminals.locationId })
    .from(terminals)
    .orderBy(asc(terminals.id));
  return {
    terminal: rows.find((t) => t.locationId === f.home)!.id,
    otherTerminal: rows.find((t) => t.locationId === f.other)!.id,
  };
};

/**
 * A till suite with invoicing on (issue 33): `startTill`, invoicing turned on, the terminal of each
 * branch, and the golden case: f.treatment made a ₱1,120.00 VATable massage, eligible for the
 * senior/PWD discount (`f.treatment.price` is still the price read before).
 */
export const startInvoicedTill = async <const N extends string>(...usernames: N[]) => {
  const started = await startTill(...usernames);
  const db = started.ctx.database.db;
  // The test database carries the demo's BIR facts and a terminal per branch (invoicing.demo.ts).
  await db.update(invoicingProfile).set({ invoicing: 'on' });
  await db
    .update(treatments)
    .set({ price: '1120.00', taxClass: 'vatable', seniorPwdEligible: true })
    .where(eq(treatments.id, started.f.treatment.id));
  return { ...started, ...(await branchTerminals(db, started.f)) };
};

/** What the till's tests stand on, read when a helper runs (the suites fill it in beforeAll). */
export type TillParts = { ctx: TestContext; f: Fixtures; admin: Agent; receptionist: Agent };

/**
 * The till's test fixture (the till's, the invoice's and the desk's route tests on the run's
 * database, till.concurrency.pg-test.ts on PostgreSQL): a new client, a new client's visit logged
 * at the home branch for 10:00 (an open tab unless `overrides` pays it), a checkout under an
 * optional Idempotency-Key, and the sale lines a visit's checkout wrote. Each file numbers its
 * clients' phones from its own `firstPhone`.
 */
export const tillHelpers = (parts: () => TillParts, { firstPhone, name }: { firstPhone: number; name: string }) => {
  let phone = firstPhone;
  /** A new client of the home branch, `name Client` unless named, on the next phone number; its id. */
  const newClient = async (firstName = name, lastName = 'Client') => {
    const { f, admin } = parts();
    const client = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: firstName, last_name: lastName, phone: `+63${phone++}`, location: f.home },
    });
    expect(client.statusCode, client.body).toBe(201);
    return client.json().id as number;
  };
  const newVisit = async (overrides: Record<string, unknown> = {}) => {
    const client = await newClient();
    const { f, receptionist } = parts();
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: {
        client,
        location: f.home,
        time: '10:00',
        therapist: f.therapist,
        treatment: f.treatment.id,
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; client: number };
  };
  const checkout = (as: Agent, payload: object, key?: string) =>
    as.request({
      method: 'POST',
      url: '/api/sales/checkout/',
      payload,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  /** The walk-in sale lines of a visit's checkout (reference `A-<arrival>`), in the order written. */
  const linesOf = async (arrival: number) =>
    parts()
      .ctx.database.db.select()
      .from(sales)
      .where(and(eq(sales.kind, 'walk_in'), eq(sales.reference, `A-${arrival}`)))
      .orderBy(sales.id);
  return { newClient, newVisit, checkout, linesOf };
};
