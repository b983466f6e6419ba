import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { openMigratedPglite, seedTestData } from './database';
import { putBack, readTemplateState, unusedCopy, type TemplateCopy, type TemplateState } from './template-copy';

/**
 * Every table's rows in the order a scan returns them, every sequence's next value and the
 * session's time zone: what a test file could see of what the file before it did.
 */
const everything = async (pglite: PGlite) => {
  const { rows: tables } = await pglite.query<{ t: string }>(
    `select format('%I.%I', schemaname, tablename) as t from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const seen: Record<string, string> = {};
  for (const { t } of tables) {
    const { rows } = await pglite.query<{ h: string }>(
      `select md5(coalesce(string_agg(x::text, '|'), '')) as h from ${t} x`,
    );
    seen[t] = rows[0]!.h;
  }
  const { rows: sequences } = await pglite.query<{ s: string; v: string | null }>(
    `select sequencename as s, last_value::text as v from pg_sequences order by 1`,
  );
  for (const { s, v } of sequences) seen[`sequence ${s}`] = String(v);
  seen['time zone'] = (await pglite.query<{ TimeZone: string }>('show timezone')).rows[0]!.TimeZone;
  return seen;
};

/** What a test file does: writes through triggers (ALWAYS ones too), deletes, session settings. */
const useIt = async (pglite: PGlite) => {
  await pglite.exec(`
    update users set last_login = now() where id = (select min(id) from users);
    update clients set first_name = 'Changed' where id = (select min(id) from clients);
    insert into banks (name, account_name, account_number) values ('Scratch Bank', 'Ginhawa', '0001');
    delete from earning_changes where id = (select min(id) from earning_changes);
    set timezone = 'Asia/Tokyo';
  `);
  // Written and rolled back: nothing to put back but the sequence it advanced.
  await pglite.transaction(async (tx) => {
    await tx.query(`insert into banks (name, account_name, account_number) values ('Gone', 'Ginhawa', '0002')`);
    await tx.rollback();
  });
};

describe('a copy of the template put back after a test file (decision 1086)', () => {
  let database: Database;
  let state: TemplateState;
  let copy: TemplateCopy;
  let before: Record<string, string>;

  beforeAll(async () => {
    database = await openMigratedPglite();
    await seedTestData(database);
    state = await readTemplateState(database.pglite!);
    copy = unusedCopy(database.pglite!, state);
    before = await everything(database.pglite!);
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers as the template did, rows in the same order, after a file changed rows, sequences and settings', async () => {
    const pglite = database.pglite!;
    await useIt(pglite);
    const used = await everything(pglite);
    const differing = Object.keys(before).filter((k) => used[k] !== before[k]);
    expect(differing).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.clients',
        'public.client_list_version',
        'public.banks',
        'public.earning_changes',
        'time zone',
      ]),
    );
    expect(await putBack(copy, state)).toBe(true);
    expect(await everything(pglite)).toEqual(before);
    // Put back twice over: a second file's changes are found against what the first put back.
    await useIt(pglite);
    expect(await putBack(copy, state)).toBe(true);
    expect(await everything(pglite)).toEqual(before);
    const { rows } = await pglite.query<{ e: string }>(
      `select tgenabled as e from pg_trigger where tgname = 'client_list_version_bump'`,
    );
    expect(rows).toEqual([{ e: 'A' }]);
  });

  it('is not put back when the file changed the schema: a trigger switched off, a table added', async () => {
    const pglite = database.pglite!;
    await pglite.exec('alter table clients disable trigger client_list_version_bump');
    expect(await putBack(copy, state)).toBe(false);
    await pglite.exec('alter table clients enable always trigger client_list_version_bump');
    expect(await putBack(copy, state)).toBe(true);
    await pglite.exec('create table scratch (id int)');
    expect(await putBack(copy, state)).toBe(false);
    await pglite.exec('drop table scratch');
    expect(await putBack(copy, state)).toBe(true);
  });

  it('is not put back once closed', async () => {
    const other = await openMigratedPglite();
    const otherState = await readTemplateState(other.pglite!);
    await other.close();
    expect(await putBack(unusedCopy(other.pglite!, otherState), otherState)).toBe(false);
  });
});
