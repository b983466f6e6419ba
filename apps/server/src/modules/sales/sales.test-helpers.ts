import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sales } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import type { Fixtures } from '../clients/clients.test-helpers';

/** Exact centavos of a money string, for expected amounts (never floats). */
export const centavos = (money: string) => BigInt(money.replace('.', ''));
/** Centavos back to a money string: 123450n → "1234.50". */
export const pesos = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** What the till's tests stand on, read when a helper runs (the suites fill it in beforeAll). */
export type TillParts = { ctx: TestContext; f: Fixtures; admin: Agent; receptionist: Agent };

/**
 * The till's test fixture (till.routes.test.ts on the run's database, till.concurrency.pg-test.ts
 * on PostgreSQL): a new client's visit logged at the home branch for 10:00 (an open tab unless
 * `overrides` pays it), a checkout under an optional Idempotency-Key, and the sale lines a visit's
 * checkout wrote. Each file numbers its clients' phones from its own `firstPhone`.
 */
export const tillHelpers = (parts: () => TillParts, { firstPhone, name }: { firstPhone: number; name: string }) => {
  let phone = firstPhone;
  const newVisit = async (overrides: Record<string, unknown> = {}) => {
    const { f, admin, receptionist } = parts();
    const client = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: name, last_name: 'Client', phone: `+63${phone++}`, location: f.home },
    });
    expect(client.statusCode, client.body).toBe(201);
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: {
        client: client.json().id,
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
  return { newVisit, checkout, linesOf };
};
