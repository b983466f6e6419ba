import { describe, expect, it } from 'vitest';
import { saleTotal } from './sale-total';

describe('saleTotal', () => {
  it('is price × sessions less the discount, in exact centavos', () => {
    expect(saleTotal('1500.00', 6, '')).toEqual({ ok: true, amount: '9000.00', discount: '0.00', net: '9000.00' });
    expect(saleTotal('0.10', 3, '0.05')).toEqual({ ok: true, amount: '0.30', discount: '0.05', net: '0.25' });
    expect(saleTotal('1999.99', 3, '₱1,000.50')).toMatchObject({ net: '4999.47' });
  });

  it('refuses a discount above the amount or one that is not pesos, as the server would', () => {
    expect(saleTotal('1000.00', 1, '1000.01')).toEqual({
      ok: false,
      amount: '1000.00',
      message: 'The discount cannot exceed the price.',
    });
    expect(saleTotal('1000.00', 1, 'ten')).toMatchObject({ ok: false });
  });
});
