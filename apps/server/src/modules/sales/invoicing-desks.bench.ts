import os from 'node:os';
import { and, asc, eq, sql } from 'drizzle-orm';
import { employees, invoices, invoicingProfile, terminals, treatments } from '../../db/schema/index';
import { benchDatabase, ms, pct, seedBench, startBenchApp, type BenchKind } from '../../test/bench-kit';

/**
 * Desks checking out at once with invoicing on and off (issue 33, `npm run bench:invoicing`): in
 * each round, in rotating order, `desks` checkouts at once with invoicing off (the floor: the same
 * sale, nothing numbered), on with one terminal, and on with two terminals (half the desks each).
 * Prints each mode's p50/p95/max over the rounds, the ratio of p95s to the floor, the load average
 * before and after, and whether each terminal's numbers are exactly consecutive (none repeated,
 * none missing). Goal: a sale with its invoice p95 ≤ 1.5× the same sale with invoicing off.
 */
export type DesksBenchOptions = {
  kind: BenchKind;
  adminUrl?: string;
  desks: number;
  rounds: number;
  log: (line: string) => void;
};

type Mode = 'off' | 'on, 1 terminal' | 'on, 2 terminals';
const MODES: Mode[] = ['off', 'on, 1 terminal', 'on, 2 terminals'];

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Manila's current 15-minute slot, one slot back (a visit logged a moment ago: a plain record of today). */
const slotAgo = () => {
  const manila = new Date(Date.now() + 8 * 3600_000);
  const minutes = Math.max(0, manila.getUTCHours() * 60 + manila.getUTCMinutes() - 15);
  const slot = minutes - (minutes % 15);
  return `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
};

export const benchInvoicingDesks = async (options: DesksBenchOptions) => {
  const { log } = options;
  const bench = await benchDatabase({
    kind: options.kind,
    adminUrl: options.adminUrl,
    name: 'desks',
    pool: options.desks + 4,
  });
  try {
    await seedBench(bench.database, 20);
    const { app, headers } = await startBenchApp(bench.database);
    const db = bench.database.db;
    const [terminal] = await db.select().from(terminals).orderBy(asc(terminals.id)).limit(1);
    const location = terminal!.locationId;
    const made = await app.inject({
      method: 'POST',
      url: '/api/invoicing/terminals/',
      headers,
      payload: { location, name: 'Front desk 2', invoice_prefix: 'FD2-' },
    });
    if (made.statusCode !== 201) throw new Error(`terminal: ${made.statusCode} ${made.body}`);
    const second = made.json().id as number;
    const [salesperson] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.locationId, location), eq(employees.kind, 'salesperson'), eq(employees.isActive, true)))
      .limit(1);
    const [therapist] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.locationId, location), eq(employees.kind, 'therapist'), eq(employees.isActive, true)))
      .limit(1);
    const [treatment] = await db
      .select({ id: treatments.id, price: treatments.price })
      .from(treatments)
      .where(eq(treatments.isActive, true))
      .orderBy(asc(treatments.id))
      .limit(1);
    let phone = 9_200_000_000;
    const newVisit = async () => {
      const client = await app.inject({
        method: 'POST',
        url: '/api/clients/',
        headers,
        payload: { first_name: 'Bench', last_name: 'Desk', phone: `+63${phone++}`, location },
      });
      const visit = await app.inject({
        method: 'POST',
        url: '/api/clients/arrivals/',
        headers,
        payload: {
          client: client.json().id,
          location,
          time: slotAgo(),
          therapist: therapist!.id,
          treatment: treatment!.id,
        },
      });
      if (visit.statusCode !== 201) throw new Error(`visit: ${visit.statusCode} ${visit.body}`);
      return visit.json().id as number;
    };
    const checkout = async (arrival: number, terminalId: number | null) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/sales/checkout/',
        headers,
        payload: {
          arrival,
          salesperson: salesperson!.id,
          terminal: terminalId,
          payments: [{ payment_method: 'cash', amount: treatment!.price }],
        },
      });
      if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
      return performance.now() - t;
    };

    log(
      `invoicing desks (${options.kind}): ${options.desks} desks at once, ${options.rounds} rounds; load ${loadAverage()}`,
    );
    const latencies: Record<Mode, number[]> = { off: [], 'on, 1 terminal': [], 'on, 2 terminals': [] };
    for (let round = 0; round < options.rounds; round += 1) {
      // Rotating order: each mode runs first, second and third as often, under the same load.
      const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
      for (const mode of order) {
        await db.update(invoicingProfile).set({ invoicing: mode === 'off' ? 'off' : 'on' });
        const visits: number[] = [];
        for (let i = 0; i < options.desks; i += 1) visits.push(await newVisit());
        const terminalOf = (i: number) =>
          mode === 'off' ? null : mode === 'on, 2 terminals' && i % 2 === 1 ? second : terminal!.id;
        latencies[mode].push(...(await Promise.all(visits.map((v, i) => checkout(v, terminalOf(i))))));
      }
    }
    const floor = pct(latencies.off, 95);
    for (const mode of MODES) {
      const l = latencies[mode];
      log(
        `  ${mode.padEnd(16)} min ${ms(Math.min(...l))}  p50 ${ms(pct(l, 50))}  p95 ${ms(pct(l, 95))}  max ${ms(Math.max(...l))}  ×${(pct(l, 95) / floor).toFixed(2)} of off (n ${l.length})`,
      );
    }
    const series = await db
      .select({
        terminal: invoices.terminalId,
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${invoices.number})::int`,
        first: sql<number>`min(${invoices.number})::int`,
        last: sql<number>`max(${invoices.number})::int`,
      })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .groupBy(invoices.terminalId);
    let consecutive = true;
    for (const s of series) {
      const ok = s.n === s.distinct && s.last - s.first + 1 === s.n;
      consecutive &&= ok;
      log(
        `  terminal ${s.terminal}: ${s.n} invoices, numbers ${s.first}–${s.last}: ${ok ? 'consecutive' : 'NOT CONSECUTIVE'}`,
      );
    }
    const ratio = Math.max(pct(latencies['on, 1 terminal'], 95), pct(latencies['on, 2 terminals'], 95)) / floor;
    log(
      `  goal p95 with invoice ≤ 1.5× off: ${ratio <= 1.5 ? 'met' : 'MISSED'} (×${ratio.toFixed(2)}); load ${loadAverage()}`,
    );
    await app.close();
    return { ok: consecutive && ratio <= 1.5, consecutive, ratio };
  } finally {
    await bench.database.close();
    await bench.drop();
  }
};
