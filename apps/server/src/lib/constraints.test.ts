import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index';
import { CONSTRAINTS } from '../modules/index';
import { constraintError } from './constraints';
import { pgErrorCode } from './pg-errors';
import { MIGRATIONS_FOLDER } from '../paths';

const pgError = (code: string, constraint?: string, table?: string) =>
  Object.assign(new Error('violates constraint'), { code, constraint, table });

describe('pgErrorCode', () => {
  it('finds the code on the driver error or inside Drizzle’s wrapper', () => {
    expect(pgErrorCode(pgError('23505'))).toBe('23505');
    expect(pgErrorCode(new DrizzleQueryError('insert …', [], pgError('23503')))).toBe('23503');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});

/**
 * What the plain resources' files export: drizzle.config.ts reads them beside db/schema, since a
 * resource no other table references may declare its table there (decision 1056).
 */
const resourceExports = async () => {
  const modules = path.join(import.meta.dirname, '..', 'modules');
  const files = fs
    .readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.resource.ts'));
  expect(files.length).toBeGreaterThan(0);
  const loaded = await Promise.all(files.map((file) => import(path.join(modules, file)) as Promise<object>));
  return loaded.flatMap((exports) => Object.values(exports) as unknown[]);
};

/** The answer with every registered module's sentences, as plugins/errors.ts gives it. */
const answer = (err: unknown) => constraintError(err, CONSTRAINTS);

describe('constraintError', () => {
  it('answers a unique race with the index’s sentence, through Drizzle’s wrapper', () => {
    const err = answer(new DrizzleQueryError('insert', [], pgError('23505', 'locations_name_lower_idx', 'locations')));
    expect(err).toMatchObject({
      statusCode: 409,
      message: 'A location with this name already exists.',
      errors: { name: ['A location with this name already exists.'] },
    });
  });

  it('reads a foreign key from both sides: a missing row is a 400 on the field, a used one a 409', () => {
    const missing = answer(pgError('23503', 'treatments_category_id_treatment_categories_id_fk', 'treatments'));
    expect(missing).toMatchObject({
      statusCode: 400,
      message: 'Please correct the highlighted fields.',
      errors: { category: ['No such treatment category.'] },
    });
    const inUse = answer(pgError('23503', 'treatments_category_id_treatment_categories_id_fk', 'treatment_categories'));
    expect(inUse).toMatchObject({
      statusCode: 409,
      message: 'This treatment category is in use. Move or delete what uses it first.',
    });
    expect(inUse?.errors).toBeUndefined();
  });

  it('answers an exclusion constraint (two bookings overlapping, 23P01) with its sentence as a 409', () => {
    expect(answer(pgError('23P01', 'floor_bookings_bed_excl', 'floor_bookings'))).toMatchObject({
      statusCode: 409,
      errors: { room: ['That bed is already taken at that time.'] },
    });
  });

  it('leaves other errors and unnamed constraints to the generic handler', () => {
    expect(answer(pgError('23505', 'no_such_idx'))).toBeNull();
    expect(answer(pgError('40001', 'locations_name_lower_idx'))).toBeNull();
    expect(answer(new Error('plain'))).toBeNull();
    // A foreign key with no "in use" sentence: the delete paths handle it themselves (deleteOrDeactivate).
    expect(answer(pgError('23503', 'employees_location_id_locations_id_fk', 'locations'))).toBeNull();
  });

  it('only names constraints that exist in the schema', async () => {
    const names = new Set<string>();
    for (const value of [...Object.values(schema), ...(await resourceExports())]) {
      if (
        !value ||
        typeof value !== 'object' ||
        !('getSQL' in value) ||
        !(Symbol.for('drizzle:IsDrizzleTable') in value)
      )
        continue;
      const config = getTableConfig(value as Parameters<typeof getTableConfig>[0]);
      for (const index of config.indexes) if (index.config.name) names.add(index.config.name);
      for (const fk of config.foreignKeys) names.add(fk.getName());
    }
    expect(names.size).toBeGreaterThan(10);
    // Exclusion constraints have no Drizzle form: they are hand-written in a migration (decision 0900).
    const migrations = fs
      .readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8'))
      .join('\n');
    for (const [name, sentence] of Object.entries(CONSTRAINTS)) {
      if (sentence.kind === 'exclusion') expect(migrations, name).toContain(`CONSTRAINT "${name}" EXCLUDE`);
      else expect(names, name).toContain(name);
    }
  });

  it('registers every sentence db/schema declares, through the module list', () => {
    const declared = Object.entries(schema).filter(([name]) => name.endsWith('Constraints'));
    expect(declared.map(([name]) => name).sort()).toEqual([
      'bankConstraints',
      'clientConstraints',
      'employeeConstraints',
      'floorConstraints',
      'invoicingConstraints',
      'locationConstraints',
      'payrollConstraints',
      'reportsConstraints',
      'roomConstraints',
      'saleConstraints',
      'serviceConstraints',
      'tillConstraints',
      'userConstraints',
    ]);
    for (const [, sentences] of declared) {
      for (const [name, sentence] of Object.entries(sentences as object))
        expect(CONSTRAINTS[name], name).toEqual(sentence);
    }
  });
});
