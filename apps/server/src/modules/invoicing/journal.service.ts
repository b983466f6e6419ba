import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  manilaTimestamp,
  type JournalTextQuery,
  type JournalVerification,
} from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { invoicingJournal, locations, terminals } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { sha256 } from '../../lib/tokens';

/**
 * The electronic journal (issue 33; docs/decisions/1001-the-electronic-journal.md): append-only
 * per terminal, each entry chained to the one before by SHA-256, so an entry changed behind the
 * app's back (a trigger disabled by the database's owner, a restored file edited) is found by
 * walking the chain.
 */

export type JournalEvent =
  | 'terminal_created'
  | 'terminal_changed'
  | 'terminal_deactivated'
  | 'terminal_chosen'
  | 'document_issued'
  | 'document_voided'
  | 'document_reprinted'
  | 'x_reading'
  | 'z_reading';

/** The hash a terminal's first entry chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted, at every depth: one text per value, whatever built it. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

type Entry = { terminal: number; seq: number; at: string; event: string; payload: unknown };

/** An entry's hash: the previous entry's hash, then the entry's canonical JSON. */
export const entryHash = (prevHash: string, entry: Entry) => sha256(prevHash + canonicalJson(entry));

/**
 * Appends one entry to the terminal's journal, in the caller's transaction. The terminal's row is
 * locked first, so two appends to one terminal take turns and never share a `seq`; a rolled-back
 * transaction leaves no entry and no gap.
 */
export const appendJournal = async (
  tx: Tx,
  terminalId: number,
  event: JournalEvent,
  payload: Record<string, unknown>,
) => {
  await tx.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, terminalId)).for('update');
  const [last] = await tx
    .select({ seq: invoicingJournal.seq, hash: invoicingJournal.hash })
    .from(invoicingJournal)
    .where(eq(invoicingJournal.terminalId, terminalId))
    .orderBy(desc(invoicingJournal.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const at = new Date();
  const hash = entryHash(prevHash, { terminal: terminalId, seq, at: at.toISOString(), event, payload });
  await tx.insert(invoicingJournal).values({ terminalId, seq, at, event, payload, prevHash, hash });
};

/** Entries read per round trip while verifying: a year of a busy terminal is some 100,000. */
const BATCH = 5_000;

/**
 * Walks the chain (one terminal's, or every terminal's) in order: each entry must follow the one
 * before (`seq` + 1), name its hash, and hash to what it holds. Answers the first entry that does not.
 */
export const verifyJournal = async (db: Db, terminalId?: number): Promise<JournalVerification> => {
  let entries = 0;
  let after: { terminal: number; seq: number } | null = null;
  let previous: { terminal: number; seq: number; hash: string } | null = null;
  for (;;) {
    const conditions: (SQL | undefined)[] = [
      terminalId === undefined ? undefined : eq(invoicingJournal.terminalId, terminalId),
      after
        ? or(
            gt(invoicingJournal.terminalId, after.terminal),
            and(eq(invoicingJournal.terminalId, after.terminal), gt(invoicingJournal.seq, after.seq)),
          )
        : undefined,
    ];
    const rows = await db
      .select()
      .from(invoicingJournal)
      .where(and(...conditions))
      .orderBy(asc(invoicingJournal.terminalId), asc(invoicingJournal.seq))
      .limit(BATCH);
    for (const row of rows) {
      const first: boolean = previous?.terminal !== row.terminalId;
      const expectedSeq: number = first ? 1 : previous!.seq + 1;
      const expectedPrev: string = first ? GENESIS_HASH : previous!.hash;
      const bad = (reason: string): JournalVerification => ({
        ok: false,
        entries,
        first_bad_entry: { id: row.id, terminal: row.terminalId, seq: row.seq, reason },
      });
      if (row.seq !== expectedSeq)
        return bad(`Entry ${expectedSeq} of terminal ${row.terminalId} is missing: the next one found is ${row.seq}.`);
      if (row.prevHash !== expectedPrev) return bad('It does not name the hash of the entry before it.');
      const hash = entryHash(row.prevHash, {
        terminal: row.terminalId,
        seq: row.seq,
        at: row.at.toISOString(),
        event: row.event,
        payload: row.payload,
      });
      if (hash !== row.hash) return bad('What it holds does not match its hash: it was changed after it was written.');
      entries += 1;
      previous = { terminal: row.terminalId, seq: row.seq, hash: row.hash };
    }
    if (rows.length < BATCH) return { ok: true, entries, first_bad_entry: null };
    const last = rows.at(-1)!;
    after = { terminal: last.terminalId, seq: last.seq };
  }
};

/**
 * One terminal's journal as text (decision 1024): a heading, then one tab-separated line per entry of
 * the range's days (Manila time), in order, each with the hashes that chain it, so an examiner can
 * read it and recompute every link: the SHA-256 of prev_hash and the canonical JSON of {terminal,
 * seq, at: at_utc, event, payload}.
 * Streamed in batches: a year of a busy terminal is some 100,000 entries.
 */
export const journalText = async (db: Db, q: JournalTextQuery) => {
  const [terminal] = await db
    .select({ name: terminals.name, min: terminals.min, branch: locations.name })
    .from(terminals)
    .innerJoin(locations, eq(locations.id, terminals.locationId))
    .where(eq(terminals.id, q.terminal));
  if (!terminal) throw notFound('No such terminal.');
  const from = sql`(${q.date_from}::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
  const to = sql`(${addDays(q.date_to, 1)}::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
  async function* lines() {
    yield `ELECTRONIC JOURNAL\t${terminal!.branch}\t${terminal!.name}\tMIN ${terminal!.min || '—'}\t${q.date_from} to ${q.date_to}\n`;
    yield 'seq\tat\tat_utc\tevent\tpayload\tprev_hash\thash\n';
    let after = 0;
    let count = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(invoicingJournal)
        .where(
          and(
            eq(invoicingJournal.terminalId, q.terminal),
            gte(invoicingJournal.at, from),
            lt(invoicingJournal.at, to),
            gt(invoicingJournal.seq, after),
          ),
        )
        .orderBy(asc(invoicingJournal.seq))
        .limit(BATCH);
      for (const row of rows)
        yield `${row.seq}\t${manilaTimestamp(row.at)}\t${row.at.toISOString()}\t${row.event}\t${canonicalJson(row.payload)}\t${row.prevHash}\t${row.hash}\n`;
      count += rows.length;
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.seq;
    }
    yield `${count} ${count === 1 ? 'entry' : 'entries'}.\n`;
  }
  return { name: `journal-${q.terminal}-${q.date_from}-${q.date_to}.txt`, lines };
};
