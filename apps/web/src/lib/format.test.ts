import { describe, expect, it } from 'vitest';
import {
  addressName,
  capitalizeWords,
  formatClock,
  formatDateClock,
  formatBytes,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatManilaDate,
  formatPeso,
  formatPesoRounded,
  greetingFor,
  initialsOf,
} from './format';

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
    expect(formatManilaDate(new Date('2025-03-01T17:30:00Z'))).toBe('Sunday, 2 March 2025');
  });

  it('addresses a person by first name and a role or system account by username (decision 0625)', () => {
    expect(addressName({ firstName: 'maria', lastName: 'Santos', username: 'msantos' })).toBe('Maria');
    expect(addressName({ firstName: 'Site', lastName: 'Administrator', username: 'admin' })).toBe('admin');
    expect(addressName({ firstName: 'Front', lastName: 'Desk', username: 'desk.makati' })).toBe('desk.makati');
    expect(addressName({ firstName: 'Makati', lastName: 'Branch Manager', username: 'mgr' })).toBe('mgr');
    expect(addressName({ firstName: '', lastName: '', username: 'jdc' })).toBe('jdc');
    // A person whose name holds a role word only inside a longer word is still a person.
    expect(addressName({ firstName: 'Desiree', lastName: 'Teamor', username: 'dteamor' })).toBe('Desiree');
  });

  it('writes a wall-clock time as the date-times do: "1:00 pm"', () => {
    expect(formatClock('13:00')).toBe('1:00 pm');
    expect(formatClock('12:00')).toBe('12:00 pm');
    expect(formatClock('00:15')).toBe('12:15 am');
    expect(formatClock('09:45')).toBe('9:45 am');
    expect(formatDateClock('2026-11-29', '11:45')).toBe('29 Nov 2026, 11:45 am');
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

  it('writes calendar dates in words, the same day wherever the browser is', () => {
    expect(formatDate('2027-05-20')).toBe('20 May 2027');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDate(null)).toBe('');
  });

  it("gives a timestamp's day and clock in Manila", () => {
    // 02:45 UTC is 10:45 in Manila; 17:30 UTC on 1 March is already 2 March there.
    expect(formatDateTime('2026-11-22T02:45:00Z')).toBe('22 Nov 2026, 10:45 am');
    expect(formatDateTime('2026-11-22T10:05:00Z')).toBe('22 Nov 2026, 6:05 pm');
    expect(formatDate('2025-03-01T17:30:00Z')).toBe('2 Mar 2025');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('writes a period as a range, or one side of it', () => {
    expect(formatDateRange('2026-11-01', '2026-11-15')).toBe('1 Nov 2026 to 15 Nov 2026');
    expect(formatDateRange('2026-11-01', '2026-11-01')).toBe('1 Nov 2026');
    expect(formatDateRange('2026-11-01', undefined)).toBe('from 1 Nov 2026');
    expect(formatDateRange(undefined, '2026-11-15')).toBe('until 15 Nov 2026');
  });
});

describe('file sizes', () => {
  it('reads as people say them, 1 MB being a million bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(820)).toBe('820 bytes');
    expect(formatBytes(4_830_000)).toBe('4.8 MB');
    expect(formatBytes(999_960)).toBe('1 MB');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
  });
});
