import { describe, expect, it } from 'vitest';
import { billOf, centavos, toMoney } from './bill';

const base = {
  service: '1000.00',
  items: [],
  discount: '',
  serviceCharge: '',
  deposit: '0.00',
  tips: [],
  payments: [],
};

describe('the checkout bill in centavos', () => {
  it('reads what people type and never rounds through a float', () => {
    expect(centavos('₱1,500.5')).toBe(150050n);
    expect(centavos('')).toBe(0n);
    expect(centavos('abc')).toBeNull();
    expect(centavos('-5')).toBeNull();
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(toMoney((centavos('0.10') ?? 0n) + (centavos('0.20') ?? 0n))).toBe('0.30');
  });

  it('adds add-ons, takes the discount, adds the service charge, applies the deposit and adds tips', () => {
    const bill = billOf({
      ...base,
      items: [{ name: 'Hot stone', price: '350.00', quantity: 2, replaces: false }],
      discount: '100',
      serviceCharge: '50.50',
      deposit: '500.00',
      tips: ['100', ''],
      payments: [{ method: 'cash', amount: '500' }],
    });
    expect(toMoney(bill.subtotal)).toBe('1700.00');
    expect(toMoney(bill.due)).toBe('1650.50');
    expect(toMoney(bill.depositApplied)).toBe('500.00');
    expect(toMoney(bill.toPay)).toBe('1250.50');
    expect(toMoney(bill.left)).toBe('750.50');
    expect(bill.change).toBe(0n);
  });

  it('gives change only from cash; paying over by card is left for the server to refuse', () => {
    const cash = billOf({ ...base, payments: [{ method: 'cash', amount: '1020' }] });
    expect(toMoney(cash.change)).toBe('20.00');
    expect(cash.left).toBe(0n);
    const card = billOf({ ...base, payments: [{ method: 'card', amount: '1020' }] });
    expect(card.change).toBe(0n);
    expect(toMoney(card.over)).toBe('20.00');
  });

  it('bills a change of treatment instead of the service, and a deposit never above the bill', () => {
    const bill = billOf({
      ...base,
      items: [{ name: 'Signature', price: '1800.00', quantity: 1, replaces: true }],
      deposit: '2000.00',
    });
    expect(bill.service).toBe(0n);
    expect(toMoney(bill.due)).toBe('1800.00');
    expect(toMoney(bill.depositApplied)).toBe('1800.00');
    expect(bill.toPay).toBe(0n);
  });
});
