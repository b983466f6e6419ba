import { describe, expect, it } from 'vitest';
import { CURRENCY, LOCALE, formatPeso, formatPesoRounded } from './money';
import { MONEY_RE } from './fields';

describe('peso formatting (docs/product.md §9)', () => {
  it('uses PHP in en-PH', () => {
    expect(CURRENCY).toBe('PHP');
    expect(LOCALE).toBe('en-PH');
  });

  it('shows centavos in one formatter', () => {
    expect(formatPeso('1500.00')).toBe('₱1,500.00');
    expect(formatPeso('0.5')).toBe('₱0.50');
    expect(formatPeso(1234567.891)).toBe('₱1,234,567.89');
    expect(formatPeso('-250.75')).toBe('-₱250.75');
  });

  it('rounds to whole pesos in the other', () => {
    expect(formatPesoRounded('1500.49')).toBe('₱1,500');
    expect(formatPesoRounded('1500.50')).toBe('₱1,501');
    expect(formatPesoRounded(0)).toBe('₱0');
  });

  it('formats decimal strings exactly, without float rounding', () => {
    expect(formatPeso('9999999999.99')).toBe('₱9,999,999,999.99');
    expect(formatPeso('0.015')).toBe('₱0.02');
  });

  it('accepts money as the API sends it', () => {
    for (const ok of ['0', '1500', '1500.5', '1500.50', '-20.00']) expect(MONEY_RE.test(ok)).toBe(true);
    for (const bad of ['1,500.00', '1500.505', '₱1500', '', '1e3']) expect(MONEY_RE.test(bad)).toBe(false);
  });
});
