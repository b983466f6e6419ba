import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, gte, lte } from 'drizzle-orm';
import { addDays, todayInManila } from '@ginhawa/contract';
import { openPostgres, type Database } from '../../db/client';
import { floorReservations } from '../../db/schema/index';
import { topUpDemoData } from '../../db/seed';
import { buildTestApp, type TestContext } from '../../test/build';
import { floorClock, instantOf } from './floor-shared.service';
import { resetFloorClock } from './floor.test-helpers';

/**
 * Several servers started at once on one PostgreSQL demo database a week after its seed (decision
 * 0906): each runs the start-up's top-up on its own connections, at the same moment. The floor
 * locks make them take turns, so the coming days are booked once, by one of them.
 */

const SERVERS = 4;
let ctx: TestContext;
let servers: Database[] = [];

beforeAll(async () => {
  // Another file of this worker may have left the clock set (floor.test-helpers.ts).
  resetFloorClock();
  ctx = await buildTestApp();
  servers = await Promise.all(Array.from({ length: SERVERS }, () => openPostgres(ctx.database.url!, 2)));
}, 60_000);
afterAll(async () => {
  resetFloorClock();
  await Promise.all(servers.map((s) => s.close()));
  await ctx?.close();
});

describe('servers starting at once on a demo database', () => {
  it('book the coming days exactly once between them', async () => {
    const today = addDays(todayInManila(), 7);
    const now = instantOf(today, '06:00');
    floorClock.now = () => now;
    const answers = await Promise.all(servers.map((s) => topUpDemoData(s.db)));

    const winners = answers.filter((booked) => booked.length > 0);
    expect(winners).toHaveLength(1);
    const [{ n }] = (await ctx.database.db
      .select({ n: count() })
      .from(floorReservations)
      .where(and(gte(floorReservations.date, today), lte(floorReservations.date, addDays(today, 2))))) as [
      { n: number },
    ];
    expect(n).toBe(winners[0]!.reduce((sum, day) => sum + day.reservations, 0));
    expect(n).toBeGreaterThan(0);
    expect(new Set(winners[0]!.map((day) => day.date))).toEqual(new Set([today, addDays(today, 1), addDays(today, 2)]));
  }, 120_000);
});
