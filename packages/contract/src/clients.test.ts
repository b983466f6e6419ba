import { describe, expect, it } from 'vitest';
import { clientBodySchema, clientListQuerySchema, clientTreatmentBodySchema, moneyAmountSchema } from './clients';
import { clientArrivalBodySchema } from './client-arrivals';

describe('clients contract', () => {
  it('normalises a new client: phone to +63, email lower-cased, defaults filled', () => {
    const parsed = clientBodySchema.parse({
      first_name: ' Rosa ',
      last_name: 'Dela Cruz',
      phone: '0917 123 4567',
      email: 'Rosa@Mail.PH',
      location: 1,
    });
    expect(parsed).toEqual({
      first_name: 'Rosa',
      last_name: 'Dela Cruz',
      phone: '+639171234567',
      email: 'rosa@mail.ph',
      birthdate: null,
      gender: null,
      address: '',
      notes: '',
      location: 1,
      is_active: true,
      allow_duplicate_phone: false,
    });
  });

  it('refuses a future birthdate, an unknown gender and a foreign phone', () => {
    const result = clientBodySchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      location: 1,
      birthdate: '2999-01-01',
      gender: 'x',
      phone: '+1 415 555 0100',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['birthdate', 'gender', 'phone']);
  });

  it('reads money exactly as 2-place strings and refuses negatives and 3 decimals', () => {
    expect(moneyAmountSchema.parse(1500)).toBe('1500.00');
    expect(moneyAmountSchema.parse('0099.5')).toBe('99.50');
    expect(moneyAmountSchema.safeParse('-1').success).toBe(false);
    expect(moneyAmountSchema.safeParse('1.005').success).toBe(false);
  });

  it('defaults a voucher sale to 1 session, cash-free of a bank, no discount', () => {
    const sale = clientTreatmentBodySchema.parse({
      client: 1,
      treatment: 2,
      location: 3,
      salesperson: 4,
      payment_method: 'cash',
    });
    expect(sale).toMatchObject({ sessions: 1, bank: null, discount: '0.00', reference_no: '' });
    expect(
      clientTreatmentBodySchema.safeParse({
        client: 1,
        treatment: 2,
        location: 3,
        salesperson: 4,
        payment_method: 'cheque',
      }).success,
    ).toBe(false);
  });

  it('takes arrival times on the 15-minute grid only', () => {
    const base = { client: 1, location: 1, therapist: 1 };
    expect(clientArrivalBodySchema.safeParse({ ...base, time: '14:45' }).success).toBe(true);
    const off = clientArrivalBodySchema.safeParse({ ...base, time: '14:50' });
    expect(off.success).toBe(false);
    expect(off.error!.issues[0]!.path).toEqual(['time']);
  });

  it('lists with page 1 and pageSize 100 by default and a fixed set of orderings', () => {
    expect(clientListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 100 });
    expect(clientListQuerySchema.safeParse({ ordering: 'phone' }).success).toBe(false);
    expect(clientListQuerySchema.parse({ ordering: '-last_name', is_active: 'false' })).toMatchObject({
      ordering: ['-last_name'],
      is_active: false,
    });
  });
});
