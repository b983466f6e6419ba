import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { listQuerySchema, text } from '@ginhawa/contract';
import { buildTestApp, type TestContext } from '../test/build';
import type { AuthUser } from '../lib/actor';
import { adminActor } from '../test/actors';
import { auditLog } from './schema/index';
import { tracked } from './schema/columns';
import { defineResource } from './define-resource';

/**
 * defineResource on a table without `is_active` (banks, its first user, has one): a row in use is
 * refused with a 409 rather than deactivated. The table is made here, as a plain resource's
 * migration would make it, so the declaration is tested apart from any module.
 */
const swatches = t.pgTable(
  'define_resource_swatches',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 50 }).notNull(),
    code: t.varchar('code', { length: 10 }).notNull(),
    ...tracked(),
  },
  (table) => [t.uniqueIndex('define_resource_swatches_name_idx').on(sql`lower(${table.name})`)],
);
const fields = { name: text(50), code: text(10) };
const schemas = {
  item: z.object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    code_upper: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  listQuery: listQuerySchema(['name', 'code', 'id'] as const, {}),
  createBody: z.object(fields),
  putBody: z.object(fields),
  patchBody: z.object(fields).partial(),
};
const resource = defineResource({
  prefix: '/swatches',
  table: swatches,
  schemas,
  label: 'swatch',
  writers: ['Admin'],
  search: ['name', 'code'],
  ordering: { name: 'name', code: 'code', id: 'id' },
  defaultOrder: ['name'],
  extra: (row) => ({ code_upper: row.code.toUpperCase() }),
  unique: { column: 'name', caseInsensitive: true, message: (row) => `A swatch “${row.name}” exists.`, field: 'name' },
  remove: { name: (row) => `Swatch “${row.name}”`, inUse: 'is on a sample card' },
});
const { service } = resource;

let ctx: TestContext;
let actor: AuthUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  await db.execute(sql`create table define_resource_swatches (
    id serial primary key, name varchar(50) not null, code varchar(10) not null,
    created_by integer, updated_by integer,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  await db.execute(
    sql`create unique index define_resource_swatches_name_idx on define_resource_swatches (lower(name))`,
  );
  await db.execute(
    sql`create table define_resource_cards (id serial primary key, swatch_id integer not null references define_resource_swatches(id))`,
  );
  actor = adminActor(ctx.userIds.admin!);
});
afterAll(async () => {
  await ctx?.close();
});

const audits = (id: number) =>
  ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'define_resource_swatches'), eq(auditLog.rowId, String(id))));

describe('defineResource', () => {
  it('creates, lists, changes and deletes, audited, with the declared sentences', async () => {
    const db = ctx.database.db;
    const teal = await service.create(db, actor.id, { name: 'Teal', code: 't1' }, actor);
    expect(teal).toEqual({
      id: expect.any(Number),
      name: 'Teal',
      code: 't1',
      code_upper: 'T1',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const apricot = await service.create(db, actor.id, { name: 'apricot', code: 'a1' }, actor);
    await expect(service.create(db, actor.id, { name: 'TEAL', code: 'x' }, actor)).rejects.toMatchObject({
      statusCode: 409,
      message: 'A swatch “TEAL” exists.',
      errors: { name: ['A swatch “TEAL” exists.'] },
    });

    const query = { page: 1, pageSize: 1 };
    const first = await service.list(db, query, '/api/swatches/?pageSize=1', actor);
    expect(first.count).toBe(2);
    // Names order case-blind: "apricot" before "Teal".
    expect(first.results.map((s) => s.name)).toEqual(['apricot']);
    expect(first.next).toBe('/api/swatches/?pageSize=1&page=2');
    const found = await service.list(db, { page: 1, pageSize: 10, search: 'T1' }, '/api/swatches/', actor);
    expect(found.results.map((s) => s.name)).toEqual(['Teal']);
    const byCode = await service.list(db, { page: 1, pageSize: 10, ordering: ['-code'] }, '/api/swatches/', actor);
    expect(byCode.results.map((s) => s.code)).toEqual(['t1', 'a1']);

    // A change keeps its own name, and may not take another's.
    expect((await service.update(db, actor.id, teal.id, { name: 'teal', code: 't2' }, actor)).code_upper).toBe('T2');
    await expect(service.update(db, actor.id, apricot.id, { name: 'Teal' }, actor)).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(service.get(db, 999999, actor)).rejects.toMatchObject({
      statusCode: 404,
      message: 'No such swatch.',
    });

    expect(await service.remove(db, actor.id, apricot.id, actor)).toEqual({
      result: 'deleted',
      message: 'Swatch “apricot” deleted.',
    });
    expect((await audits(apricot.id)).map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await audits(teal.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses to delete a row in use when the table has no is_active, changing nothing', async () => {
    const db = ctx.database.db;
    const used = await service.create(db, actor.id, { name: 'Used', code: 'u1' }, actor);
    await db.execute(sql`insert into define_resource_cards (swatch_id) values (${used.id})`);
    await expect(service.remove(db, actor.id, used.id, actor)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Swatch “Used” is on a sample card, so it cannot be deleted.',
    });
    expect((await service.get(db, used.id, actor)).name).toBe('Used');
    expect((await audits(used.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('is a module: its routes under its prefix and its constraint sentences', () => {
    expect(resource.routes.map((r) => r.prefix)).toEqual(['/swatches']);
    expect(resource.constraints).toBeUndefined();
  });
});
