import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * A worker's PGlite copies of the tests' template, put back to the template's state after each file
 * instead of being thrown away (decision 1086). Starting a copy (unpacking 700 files into memory,
 * starting PostgreSQL, loading two extensions) costs about 0.45 CPU-s; putting back what a file
 * changed costs 0.12–0.3 (a sign-in writes `users`, which nearly every table references). The server project runs without per-file isolation
 * (vitest.config.ts), so what this module keeps lives as long as the worker.
 *
 * What a copy is compared on, and what is put back:
 * - the schema (tables, columns, triggers and whether they fire, functions, constraints, indexes,
 *   types, roles, settings): if a file changed any of it, the copy is closed, never reused;
 * - each table's rows: a table whose row count or newest row version (`xmin`) differs from the
 *   template's is emptied and loaded again from the template's rows, with every table that
 *   references it (TRUNCATE refuses otherwise), without firing triggers;
 * - every sequence is set to the template's value;
 * - the session (settings, prepared statements, advisory locks, LISTEN, temporary tables): DISCARD ALL.
 * Anything that fails on the way closes the copy; the next file then starts a fresh one.
 */

/** What the template holds, read once per worker from a copy nobody has used yet. */
export type TemplateState = {
  /** The schema's fingerprint (an md5 over the catalog rows a test could change). */
  schema: string;
  /** Every ordinary table, as a quoted name, in a fixed order. */
  tables: string[];
  /** Each table's rows, as COPY's binary format. */
  rows: Map<string, Blob>;
  /** The tables that reference each table through a foreign key, directly or not. */
  referencedBy: Map<string, string[]>;
  /** `select setval(…), …`: every sequence back to the template's value. */
  sequences: string;
  /** Triggers that fire even in replica mode (ENABLE ALWAYS), by table. */
  alwaysTriggers: Map<string, string[]>;
  /** Each table's row count and newest row version in a copy nobody has used (tableSignatures). */
  signatures: Map<string, string>;
};

/** A copy and what it holds now: each table's row count and newest row version. */
export type TemplateCopy = { pglite: PGlite; signatures: Map<string, string> };

/** A copy nobody has used yet: it holds what the template holds. */
export const unusedCopy = (pglite: PGlite, state: TemplateState): TemplateCopy => ({
  pglite,
  signatures: new Map(state.signatures),
});

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

// 16384 is FirstNormalObjectId: below it, what initdb made.
const SCHEMA_FINGERPRINT = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as schema from (
    select concat_ws(':', 'c', oid, relname, relkind, relnamespace) from pg_class where oid >= 16384
    union all select concat_ws(':', 'a', attrelid, attnum, attname, atttypid, attnotnull, attisdropped, atthasdef, attgenerated)
      from pg_attribute where attrelid >= 16384
    union all select concat_ws(':', 'd', oid, adrelid, adnum, pg_get_expr(adbin, adrelid)) from pg_attrdef
    union all select concat_ws(':', 't', oid, tgname, tgenabled) from pg_trigger
    union all select concat_ws(':', 'p', oid, proname, md5(coalesce(prosrc, ''))) from pg_proc where oid >= 16384
    union all select concat_ws(':', 'k', oid, conname, convalidated) from pg_constraint
    union all select concat_ws(':', 'i', indexrelid, indisvalid) from pg_index where indexrelid >= 16384
    union all select concat_ws(':', 'y', oid, typname) from pg_type where oid >= 16384
    union all select concat_ws(':', 'n', oid, nspname) from pg_namespace
    union all select concat_ws(':', 'r', oid, rolname) from pg_authid
    union all select concat_ws(':', 'e', oid, extname, extversion) from pg_extension
    union all select concat_ws(':', 's', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all select concat_ws(':', 'w', oid) from pg_rewrite where oid >= 16384
    union all select concat_ws(':', 'o', oid) from pg_policy
  ) s(x)`;

const tableSignatures = async (pglite: PGlite | Transaction, tables: string[]) => {
  if (tables.length === 0) return new Map<string, string>();
  const query = tables
    .map((t, i) => `select ${i} as i, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as s from ${t}`)
    .join(' union all ');
  const { rows } = await pglite.query<{ i: number; s: string }>(query);
  return new Map(rows.map((r) => [tables[r.i]!, r.s]));
};

/** Reads the template's state from a copy nobody has used yet. */
export const readTemplateState = async (pglite: PGlite): Promise<TemplateState> => {
  const { rows: schemaRows } = await pglite.query<{ schema: string }>(SCHEMA_FINGERPRINT);
  const { rows: tableRows } = await pglite.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and ${USER_SCHEMAS} order by 1`,
  );
  const tables = tableRows.map((r) => r.t);
  const rows = new Map<string, Blob>();
  for (const t of tables) {
    const result = await pglite.query(`copy ${t} to '/dev/blob' with (format binary)`);
    if (!result.blob) throw new Error(`COPY of ${t} gave no rows`);
    rows.set(t, result.blob);
  }
  const { rows: references } = await pglite.query<{ referenced: string; referencing: string }>(
    `select format('%I.%I', pn.nspname, p.relname) as referenced, format('%I.%I', cn.nspname, c.relname) as referencing
       from pg_constraint k
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      where k.contype = 'f'`,
  );
  const direct = new Map<string, string[]>();
  for (const r of references) direct.set(r.referenced, [...(direct.get(r.referenced) ?? []), r.referencing]);
  const referencedBy = new Map<string, string[]>();
  for (const t of tables) {
    const seen = new Set<string>();
    const pending = [...(direct.get(t) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (next === t || seen.has(next)) continue;
      seen.add(next);
      pending.push(...(direct.get(next) ?? []));
    }
    referencedBy.set(t, [...seen]);
  }
  const { rows: sequenceRows } = await pglite.query<{ s: string }>(
    `select format('setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename), coalesce(last_value, start_value), (last_value is not null)::text) as s
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const { rows: triggerRows } = await pglite.query<{ t: string; g: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t, quote_ident(tg.tgname) as g
       from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where tg.tgenabled = 'A' and not tg.tgisinternal order by 1, 2`,
  );
  const alwaysTriggers = new Map<string, string[]>();
  for (const r of triggerRows) alwaysTriggers.set(r.t, [...(alwaysTriggers.get(r.t) ?? []), r.g]);
  return {
    schema: schemaRows[0]!.schema,
    tables,
    rows,
    referencedBy,
    sequences: sequenceRows.length > 0 ? `select ${sequenceRows.map((r) => r.s).join(', ')}` : 'select 1',
    alwaysTriggers,
    signatures: await tableSignatures(pglite, tables),
  };
};

/**
 * Puts a used copy back to the template's state. Answers false when it cannot be (closed, its
 * schema changed, or anything failed): the caller then closes it.
 */
export const putBack = async (copy: TemplateCopy, state: TemplateState): Promise<boolean> => {
  const { pglite } = copy;
  if (pglite.closed) return false;
  try {
    await pglite.query('discard all');
    const { rows } = await pglite.query<{ schema: string }>(SCHEMA_FINGERPRINT);
    if (rows[0]!.schema !== state.schema) return false;
    const now = await tableSignatures(pglite, state.tables);
    const changed = state.tables.filter((t) => now.get(t) !== copy.signatures.get(t));
    // TRUNCATE refuses a table that another table references unless that one goes too.
    const reload = new Set(changed.flatMap((t) => [t, ...state.referencedBy.get(t)!]));
    const tables = state.tables.filter((t) => reload.has(t));
    await pglite.transaction(async (tx) => {
      if (tables.length > 0) {
        // Replica mode: foreign keys and ordinary triggers stay quiet while the rows go back in;
        // triggers marked ALWAYS are switched off around it and back on as they were.
        await tx.query('set local session_replication_role = replica');
        const always = tables.flatMap((t) => (state.alwaysTriggers.get(t) ?? []).map((g) => ({ t, g })));
        for (const { t, g } of always) await tx.query(`alter table ${t} disable trigger ${g}`);
        await tx.query(`truncate ${tables.join(', ')}`);
        for (const t of tables)
          await tx.query(`copy ${t} from '/dev/blob' with (format binary)`, [], { blob: state.rows.get(t)! });
        for (const { t, g } of always) await tx.query(`alter table ${t} enable always trigger ${g}`);
        for (const [t, s] of await tableSignatures(tx, tables)) copy.signatures.set(t, s);
      }
      await tx.query(state.sequences);
    });
    return true;
  } catch {
    return false;
  }
};
