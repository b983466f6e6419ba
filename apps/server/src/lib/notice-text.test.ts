import { describe, expect, it } from 'vitest';
import { dayInWords, daysInWords, pesos } from './notice-text';

describe('money and dates in notification text', () => {
  it('writes pesos with the sign, separators and centavos', () => {
    expect(pesos('30200.00')).toBe('₱30,200.00');
    expect(pesos('7000')).toBe('₱7,000.00');
    expect(pesos('-150.50')).toBe('-₱150.50');
    expect(pesos(null)).toBe('—');
  });

  it('writes calendar dates and timestamps as Manila days in words', () => {
    expect(dayInWords('2027-05-20')).toBe('20 May 2027');
    // 20:30 UTC on 19 Nov is already 20 Nov in Manila.
    expect(dayInWords(new Date('2026-11-19T20:30:00Z'))).toBe('20 Nov 2026');
    expect(dayInWords('not a date')).toBe('not a date');
    expect(daysInWords('2026-11-01', '2026-11-15')).toBe('1 Nov 2026 to 15 Nov 2026');
    expect(daysInWords('2026-11-01', '2026-11-01')).toBe('1 Nov 2026');
  });
});
