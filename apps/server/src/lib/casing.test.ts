import { describe, expect, expectTypeOf, it } from 'vitest';
import { toCamel, toSnake } from './casing';

describe('casing', () => {
  it('names a row’s columns as API fields, with the renames given', () => {
    const fields = toSnake({ id: 1, firstName: 'Ana', isActive: true, locationId: 3 }, { locationId: 'location' });
    expect(fields).toEqual({ id: 1, first_name: 'Ana', is_active: true, location: 3 });
    expectTypeOf(fields).toEqualTypeOf<{ id: number; first_name: string; is_active: boolean; location: number }>();
  });

  it('names API fields as columns and leaves out what the body does not carry', () => {
    const body: { first_name?: string; is_active?: boolean; location?: number } = { is_active: false, location: 2 };
    const columns = toCamel(body, { location: 'locationId' });
    expect(columns).toEqual({ isActive: false, locationId: 2 });
    expect('firstName' in columns).toBe(false);
    expectTypeOf(columns).toEqualTypeOf<{ firstName?: string; isActive?: boolean; locationId?: number }>();
  });
});
