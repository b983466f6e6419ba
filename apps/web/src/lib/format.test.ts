import { describe, expect, it } from 'vitest';
import { capitalizeWords, formatManilaDate, formatPeso, formatPesoRounded, greetingFor, initialsOf } from './format';

describe('shell formatting', () => {
  it('capitalises each word of a name', () => {
    expect(capitalizeWords('  maria  dela cruz ')).toBe('Maria Dela Cruz');
    expect(capitalizeWords('')).toBe('');
  });

  it('makes initials, falling back to the username', () => {
    expect(initialsOf('maria', 'santos')).toBe('MS');
    expect(initialsOf('', '', 'therapist')).toBe('T');
  });

  it("gives the date of the business day in Manila, whatever the browser's zone", () => {
    // 2025-03-01 17:30 UTC is already 2 March in Manila (UTC+8).
    expect(formatManilaDate(new Date('2025-03-01T17:30:00Z'))).toMatch(/Sunday.*March 2.*2025/);
  });

  it('greets by the hour in Manila', () => {
    expect(greetingFor(new Date('2025-03-01T01:00:00Z'))).toBe('Good morning'); // 09:00 Manila
    expect(greetingFor(new Date('2025-03-01T06:00:00Z'))).toBe('Good afternoon'); // 14:00
    expect(greetingFor(new Date('2025-03-01T12:00:00Z'))).toBe('Good evening'); // 20:00
  });

  it('re-exports the peso formatters from the contract', () => {
    expect(formatPeso('1500.5')).toBe('₱1,500.50');
    expect(formatPesoRounded('1500.5')).toBe('₱1,501');
  });
});
