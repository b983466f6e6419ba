import { describe, expect, it } from 'vitest';
import { invoiceFigures, shareInProportion, type InvoiceTerms, type TaxableLine } from './tax';

const massage: TaxableLine = {
  description: 'Swedish massage',
  quantity: 1,
  unit_price: '1120.00',
  tax_class: 'vatable',
  senior_pwd_eligible: true,
};
const terms = (over: Partial<InvoiceTerms>): InvoiceTerms => ({
  lines: [massage],
  vat_status: 'vat',
  vat_rate: '12.00',
  discount: '0.00',
  service_charge: '0.00',
  special: null,
  ...over,
});

describe('invoiceFigures', () => {
  it('takes VAT out of a VAT-inclusive price, rounded half up once per invoice', () => {
    const f = invoiceFigures(terms({}));
    expect(f).toMatchObject({ vatable_sales: '1000.00', vat: '120.00', total_due: '1120.00', gross: '1120.00' });
    // 500.00 + 499.99 = 999.99 → × 12/112 = 107.1419… → 107.14, rounded once for the invoice
    // (per line it would be 53.57 + 53.57 = 107.14 here, but 53.571… and 53.570… are not rounded apart).
    const two = invoiceFigures(
      terms({
        lines: [
          { ...massage, unit_price: '500.00' },
          { ...massage, unit_price: '499.99' },
        ],
      }),
    );
    expect(two.vat).toBe('107.14');
    expect(two.vatable_sales).toBe('892.85');
  });

  it('the golden senior case: ₱1,120.00 → exempt ₱1,000.00, discount ₱200.00, VAT ₱0.00, due ₱800.00', () => {
    const f = invoiceFigures(terms({ special: 'senior' }));
    expect(f).toMatchObject({
      vat_exempt_sales: '1000.00',
      discount_senior: '200.00',
      discount_pwd: '0.00',
      vat: '0.00',
      vatable_sales: '0.00',
      total_due: '800.00',
      special_applied: true,
    });
    expect(f.lines[0]).toMatchObject({ tax_class: 'vat_exempt', special: true, amount: '1120.00' });
  });

  it('the golden PWD case for a non-VAT seller: ₱1,000.00 → ₱800.00, no VAT box figures', () => {
    const f = invoiceFigures(
      terms({ vat_status: 'non_vat', special: 'pwd', lines: [{ ...massage, unit_price: '1000.00' }] }),
    );
    expect(f).toMatchObject({ discount_pwd: '200.00', total_due: '800.00', vat: '0.00', vat_exempt_sales: '0.00' });
  });

  it('a mixed invoice: VATable, exempt and zero-rated lines, the other discount shared by amount', () => {
    const f = invoiceFigures(
      terms({
        lines: [
          { ...massage, unit_price: '1120.00' },
          { ...massage, description: 'Book', unit_price: '300.00', tax_class: 'vat_exempt' },
          { ...massage, description: 'Export', unit_price: '580.00', tax_class: 'zero_rated' },
        ],
        discount: '100.00',
        service_charge: '50.00',
      }),
    );
    // The ₱100 discount over 1120/300/580 (of 2000): 56.00, 15.00, 29.00.
    // VATable amount 1120 − 56 + 50 (charge) = 1114.00 → VAT 119.357… → 119.36.
    expect(f).toMatchObject({
      vat: '119.36',
      vatable_sales: '994.64',
      vat_exempt_sales: '285.00',
      zero_rated_sales: '551.00',
      discount_other: '100.00',
      total_due: '1950.00',
      gross: '2050.00',
    });
    const box = ['vatable_sales', 'vat', 'vat_exempt_sales', 'zero_rated_sales'] as const;
    const sum = box.reduce((a, k) => a + Math.round(Number(f[k]) * 100), 0);
    expect(sum).toBe(195_000);
  });

  it('never stacks: the buyer gets whichever discount leaves less to pay', () => {
    expect(invoiceFigures(terms({ special: 'senior', discount: '100.00' })).total_due).toBe('800.00');
    const bigger = invoiceFigures(terms({ special: 'senior', discount: '400.00' }));
    expect(bigger).toMatchObject({ total_due: '720.00', discount_senior: '0.00', special_applied: false });
  });

  it('takes the 20% only on eligible lines; the others keep their VAT', () => {
    const f = invoiceFigures(
      terms({
        special: 'pwd',
        lines: [massage, { ...massage, description: 'Membership', unit_price: '560.00', senior_pwd_eligible: false }],
      }),
    );
    expect(f).toMatchObject({ discount_pwd: '200.00', vat: '60.00', vatable_sales: '500.00', total_due: '1360.00' });
  });
});

describe('shareInProportion', () => {
  it('shares to the centavo, leftovers to the largest remainders', () => {
    expect(shareInProportion(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(shareInProportion(0n, [5n])).toEqual([0n]);
    expect(shareInProportion(7n, [0n, 0n])).toEqual([0n, 0n]);
  });
});
