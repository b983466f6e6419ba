import { describe, expect, it } from 'vitest';
import { prefillFromSearch } from './search-prefill';

describe('a new client from what the search was given', () => {
  it('takes digits as the mobile', () => {
    expect(prefillFromSearch(' 0917 555 0101 ')).toEqual({ phone: '0917 555 0101' });
    expect(prefillFromSearch('+63 917-555-0101')).toEqual({ phone: '+63 917-555-0101' });
  });

  it('takes words as the names, with surname particles kept together', () => {
    expect(prefillFromSearch('Maria')).toEqual({ first_name: 'Maria' });
    expect(prefillFromSearch('John Paul  Reyes')).toEqual({ first_name: 'John Paul', last_name: 'Reyes' });
    expect(prefillFromSearch('Juan dela Cruz')).toEqual({ first_name: 'Juan', last_name: 'dela Cruz' });
    expect(prefillFromSearch('Ana de los Santos')).toEqual({ first_name: 'Ana', last_name: 'de los Santos' });
    expect(prefillFromSearch('Santos, Maria')).toEqual({ first_name: 'Maria', last_name: 'Santos' });
  });

  it('leaves an email or nothing unprefilled', () => {
    expect(prefillFromSearch('ana@example.ph')).toEqual({});
    expect(prefillFromSearch('  ')).toEqual({});
  });
});
