import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tips } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { centavos, pesos, tillHelpers } from './sales.test-helpers';

/**
 * Two desks check one tab out at once on a real PostgreSQL (concurrent transactions, not PGlite's
 * one connection): the tab's row lock lets one write the sale and its tip; the other, queued behind
 * it, finds the tab paid (409) and writes nothing. The same Idempotency-Key twice at once is one sale.
 */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, receptionist: Agent, manager: Agent;

beforeAll(async () => {
  ({ ctx, admin, receptionist, manager } = await startSignedIn('admin', 'receptionist', 'manager'));
  f = await loadFixtures(ctx.database.db);
}, 60_000);
afterAll(async () => ctx?.close());

const { newVisit, checkout, linesOf } = tillHelpers(() => ({ ctx, f, admin, receptionist }), {
  firstPhone: 9180000000,
  name: 'Race',
});

const withTip = (arrival: number) => ({
  arrival,
  salesperson: f.salesperson,
  tips: [{ employee: f.therapist, amount: '50' }],
  // The tip rides on the one cash payment (the price plus ₱50.00): one sale line, one tip row.
  payments: [{ payment_method: 'cash', amount: pesos(centavos(f.treatment.price) + 5000n) }],
});

const written = async (arrival: number) => ({
  lines: (await linesOf(arrival)).length,
  tips: (await ctx.database.db.select().from(tips).where(eq(tips.arrivalId, arrival))).length,
});

describe('one tab, two checkouts at once', () => {
  it('one 201, one 409 "already checked out"; one sale line and one tip', async () => {
    const visit = await newVisit();
    const answers = await Promise.all([
      checkout(receptionist, withTip(visit.id), 'race-a'),
      checkout(manager, withTip(visit.id), 'race-b'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This visit is already checked out.');
    expect(await written(visit.id)).toEqual({ lines: 1, tips: 1 });
  }, 60_000);

  it('the same Idempotency-Key twice at once: both answer the one checkout', async () => {
    const visit = await newVisit();
    const answers = await Promise.all([
      checkout(receptionist, withTip(visit.id), 'race-same'),
      checkout(receptionist, withTip(visit.id), 'race-same'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(await written(visit.id)).toEqual({ lines: 1, tips: 1 });
  }, 60_000);
});
