import os from 'node:os';
import { asc, eq, sql } from 'drizzle-orm';
import { booksQuerySchema } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { invoicingJournal, invoicingProfile, terminals, users } from '../../db/schema/index';
import { adminActor } from '../../test/actors';
import { benchDatabase, ms, pct, seedBench, startBenchApp, type BenchKind } from '../../test/bench-kit';
import { salesSummary } from './books.service';
import { GENESIS_HASH, entryHash, verifyJournal } from './journal.service';
import { makeReading } from './readings.service';

/**
 * The readings, books and journal figures of issue 33 (`npm run bench:invoicing`), in interleaved
 * rounds (each figure first, second and third as often), each beside its floor in the same run:
 * - a Z reading of a terminal with `zDocs` documents that day ≤ 100 ms (each round a new day);
 * - the E-1 sales summary of a year of 4 branches (`perDay` documents a branch a day) ≤ 1 s;
 * - verifying a journal of `journal` entries ≤ 5 s.
 * Documents and journal entries are written in bulk by SQL (the INSERT the triggers allow), so the
 * setup takes seconds; what is timed is the service call the route makes.
 */
export type ReadingsBenchOptions = {
  kind: BenchKind;
  adminUrl?: string;
  rounds: number;
  zDocs: number;
  perDay: number;
  journal: number;
  log: (line: string) => void;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const YEAR_FROM = '2025-01-01';
const YEAR_TO = '2025-12-31';

/** `n` invoices of ₱1,120.00 paid in cash on `terminal`, numbered from `first`, `perDay` a day from `from`. */
const bulkInvoices = async (
  db: Db,
  t: { id: number; locationId: number },
  first: number,
  n: number,
  from: string,
  perDay: number,
) =>
  db.execute(sql`insert into invoices (terminal_id, location_id, kind, number, document_no, business_date, issued_at,
      issued_by, cashier_name, gross, vatable_sales, vat, vat_exempt_sales, zero_rated_sales, discount_senior,
      discount_pwd, discount_other, service_charge, total_due, snapshot)
    select ${t.id}, ${t.locationId}, 'invoice', ${first}::bigint + g, 'SI-' || lpad((${first}::bigint + g)::text, 10, '0'),
      ${from}::date + (g / ${perDay})::int, now(), 1, 'Bench', 1120, 1000, 120, 0, 0, 0, 0, 0, 0, 1120,
      '{"payments":[{"method":"cash","label":"Cash","bank_name":null,"reference_no":"","amount":"1120.00"}]}'::jsonb
    from generate_series(0, ${n - 1}) g`);

export const benchReadings = async (options: ReadingsBenchOptions) => {
  const { log } = options;
  const bench = await benchDatabase({ kind: options.kind, adminUrl: options.adminUrl, name: 'readings' });
  try {
    await seedBench(bench.database, 20);
    const { app, headers } = await startBenchApp(bench.database);
    const db = bench.database.db;
    await db.update(invoicingProfile).set({ invoicing: 'on' });
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const admin = adminActor(adminRow!.id);
    // Four branches, each with its terminal.
    for (let i = (await db.select().from(terminals)).length; i < 4; i += 1) {
      const place = await app.inject({
        method: 'POST',
        url: '/api/locations/',
        headers,
        payload: { name: `Bench Branch ${i + 1}`, opening_time: '09:00', closing_time: '21:00' },
      });
      if (place.statusCode !== 201) throw new Error(`branch: ${place.statusCode} ${place.body}`);
      await app.inject({
        method: 'POST',
        url: '/api/invoicing/terminals/',
        headers,
        payload: { location: place.json().id, name: 'Front desk 1' },
      });
    }
    const desks = await db
      .select({ id: terminals.id, locationId: terminals.locationId })
      .from(terminals)
      .orderBy(asc(terminals.id));
    const four = desks.slice(0, 4);
    // The journal's terminal, written directly (its entries are written below).
    const [journalRow] = await db
      .insert(terminals)
      .values({ locationId: desks[0]!.locationId, name: 'Journal desk' })
      .returning({ id: terminals.id });
    const journalDesk = journalRow!.id;
    let t = performance.now();
    for (const desk of four) await bulkInvoices(db, desk, 1, 365 * options.perDay, YEAR_FROM, options.perDay);
    log(
      `readings bench (${options.kind}): a year of ${four.length} branches, ${(four.length * 365 * options.perDay).toLocaleString('en')} invoices, written in ${ms(performance.now() - t)}`,
    );
    // The Z terminal: closed through the year, then `zDocs` documents on each round's day.
    const zDesk = four[0]!;
    await makeReading(db, admin, { kind: 'z', terminalId: zDesk.id, businessDate: YEAR_TO });
    let nextNumber = 365 * options.perDay + 1;
    t = performance.now();
    const [existing] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoicingJournal)
      .where(eq(invoicingJournal.terminalId, journalDesk));
    // The journal: `journal` entries on that terminal, chained as appendJournal chains them.
    let prevHash = GENESIS_HASH;
    let seq = Number(existing?.n ?? 0);
    if (seq > 0) {
      const [last] = await db
        .select({ hash: invoicingJournal.hash })
        .from(invoicingJournal)
        .where(eq(invoicingJournal.terminalId, journalDesk))
        .orderBy(sql`${invoicingJournal.seq} desc`)
        .limit(1);
      prevHash = last!.hash;
    }
    const start = Date.parse('2025-01-01T01:00:00Z');
    while (seq < options.journal) {
      const batch = [];
      for (let i = 0; i < 2_000 && seq < options.journal; i += 1) {
        seq += 1;
        const at = new Date(start + seq * 1_000);
        const payload = { document: seq, kind: 'invoice', document_no: `SI-${String(seq).padStart(10, '0')}` };
        const hash = entryHash(prevHash, {
          terminal: journalDesk,
          seq,
          at: at.toISOString(),
          event: 'document_issued',
          payload,
        });
        batch.push({ terminalId: journalDesk, seq, at, event: 'document_issued', payload, prevHash, hash });
        prevHash = hash;
      }
      await db.insert(invoicingJournal).values(batch);
    }
    log(
      `  journal of ${seq.toLocaleString('en')} entries written in ${ms(performance.now() - t)}; load ${loadAverage()}`,
    );
    await db.execute(sql`analyze`);

    const query = booksQuerySchema.parse({ date_from: YEAR_FROM, date_to: YEAR_TO });
    // Each figure's floor, timed in the same rounds: the bare SQL that reads what it reads.
    const figure = (goal: number, label: string) => ({ goal, label, times: [] as number[], floor: [] as number[] });
    const figures = {
      z: figure(100, `Z reading, ${options.zDocs.toLocaleString('en')} documents that day`),
      summary: figure(1_000, `E-1 sales summary, a year of ${four.length} branches`),
      verify: figure(5_000, `journal verify, ${options.journal.toLocaleString('en')} entries`),
    };
    const timed = async (into: number[], work: () => Promise<unknown>) => {
      const s = performance.now();
      await work();
      into.push(performance.now() - s);
    };
    type Figure = keyof typeof figures;
    const order: Figure[] = ['z', 'summary', 'verify'];
    let day = Date.parse('2026-01-01T00:00:00Z');
    const run: Record<Figure, () => Promise<void>> = {
      z: async () => {
        const date = new Date(day).toISOString().slice(0, 10);
        day += 86_400_000;
        await bulkInvoices(db, zDesk, nextNumber, options.zDocs, date, options.zDocs);
        nextNumber += options.zDocs;
        await timed(figures.z.floor, () =>
          db.execute(
            sql`select count(*), sum(total_due), sum(vat), min(number), max(number) from invoices where terminal_id = ${zDesk.id} and business_date = ${date}::date`,
          ),
        );
        const s = performance.now();
        const reading = await makeReading(db, admin, { kind: 'z', terminalId: zDesk.id, businessDate: date });
        figures.z.times.push(performance.now() - s);
        if (reading.snapshot.document_count !== options.zDocs)
          throw new Error(`Z covered ${reading.snapshot.document_count} documents, not ${options.zDocs}`);
      },
      summary: async () => {
        await timed(figures.summary.floor, () =>
          db.execute(
            sql`select terminal_id, business_date, sum(gross), sum(vatable_sales), sum(vat), sum(total_due) from invoices where business_date between ${YEAR_FROM}::date and ${YEAR_TO}::date group by 1, 2`,
          ),
        );
        const s = performance.now();
        const book = await salesSummary(db, admin, query);
        figures.summary.times.push(performance.now() - s);
        if (book.rows.length !== four.length * 365) throw new Error(`E-1 has ${book.rows.length} rows`);
      },
      verify: async () => {
        await timed(figures.verify.floor, () =>
          db.select().from(invoicingJournal).where(eq(invoicingJournal.terminalId, journalDesk)),
        );
        const s = performance.now();
        const result = await verifyJournal(db, journalDesk);
        figures.verify.times.push(performance.now() - s);
        if (!result.ok || result.entries !== options.journal) throw new Error(`verify: ${JSON.stringify(result)}`);
      },
    };
    for (let round = 0; round < options.rounds; round += 1)
      for (let i = 0; i < order.length; i += 1) await run[order[(i + round) % order.length]!]();
    let ok = true;
    for (const f of order) {
      const { goal, label, times, floor } = figures[f];
      const median = pct(times, 50);
      const met = median <= goal;
      ok &&= met;
      log(
        `  ${label.padEnd(44)} min ${ms(Math.min(...times))}  median ${ms(median)}  max ${ms(Math.max(...times))}  | floor (bare SQL) ${ms(Math.min(...floor))} / ${ms(pct(floor, 50))} / ${ms(Math.max(...floor))}  ×${(median / pct(floor, 50)).toFixed(1)}  | goal ${ms(goal)} median: ${met ? 'met' : 'MISSED'} (n ${times.length})`,
      );
    }
    log(`  load ${loadAverage()}`);
    await app.close();
    return { ok };
  } finally {
    await bench.database.close();
    await bench.drop();
  }
};
