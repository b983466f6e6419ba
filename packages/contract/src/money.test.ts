import { describe, expect, it } from 'vitest';
import { CURRENCY, LOCALE, formatPeso, formatPesoRounded, formatVariance, varianceKind } from './money';
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

  it('says a till count’s variance in words, not by its sign', () => {
    expect(formatVariance('-50.00')).toBe('₱50.00 short');
    expect(formatVariance('140.00')).toBe('₱140.00 over');
    expect(formatVariance('-1234.50')).toBe('₱1,234.50 short');
    expect(formatVariance(-0.5)).toBe('₱0.50 short');
    for (const nil of ['0.00', '-0.00', 0]) expect(formatVariance(nil)).toBe('Balanced');
    expect(formatVariance('0.00', { midSentence: true })).toBe('balanced');
    expect(formatVariance('-50.00', { midSentence: true })).toBe('₱50.00 short');
    expect(['-0.01', '0.00', '0.01'].map(varianceKind)).toEqual(['short', 'balanced', 'over']);
  });

  it('accepts money as the API sends it', () => {
    for (const ok of ['0', '1500', '1500.5', '1500.50', '-20.00']) expect(MONEY_RE.test(ok)).toBe(true);
    for (const bad of ['1,500.00', '1500.505', '₱1500', '', '1e3']) expect(MONEY_RE.test(bad)).toBe(false);
  });
});
