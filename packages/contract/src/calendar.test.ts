import { describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffDates,
  cutoffOf,
  daysInMonth,
  manilaDate,
  manilaDateTime,
  manilaTimestamp,
  monthBounds,
  periodContaining,
  todayInManila,
} from './calendar';

describe('the Manila calendar (docs/product.md §11)', () => {
  it('turns the day at Manila midnight, 16:00 UTC, not at UTC midnight', () => {
    expect(manilaDate(new Date('2021-03-15T15:59:00Z'))).toBe('2021-03-15');
    expect(manilaDate(new Date('2021-03-15T16:00:00Z'))).toBe('2021-03-16');
    expect(manilaDate(new Date('2021-03-15T23:59:00Z'))).toBe('2021-03-16');
    expect(manilaDate(new Date('2021-04-30T16:00:00Z'))).toBe('2021-05-01');
    expect(manilaDate(new Date('2021-12-31T16:00:00Z'))).toBe('2022-01-01');
    expect(todayInManila(new Date('2021-03-15T16:00:00Z'))).toBe('2021-03-16');
  });

  it('gives the Manila wall-clock time with the date', () => {
    expect(manilaDateTime(new Date('2021-03-15T16:07:00Z'))).toEqual({ date: '2021-03-16', time: '00:07' });
    expect(manilaDateTime(new Date('2021-03-15T04:45:00Z'))).toEqual({ date: '2021-03-15', time: '12:45' });
  });

  it("writes an instant to the millisecond on Manila's clock", () => {
    expect(manilaTimestamp(new Date('2021-03-15T16:07:05.009Z'))).toBe('2021-03-16 00:07:05.009 +08:00');
    expect(manilaTimestamp(new Date('2021-12-31T15:59:59.999Z'))).toBe('2021-12-31 23:59:59.999 +08:00');
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2021-01-31', 1)).toBe('2021-02-01');
    expect(addDays('2020-02-28', 1)).toBe('2020-02-29');
    expect(addDays('2021-02-28', 1)).toBe('2021-03-01');
    expect(addDays('2021-12-31', 1)).toBe('2022-01-01');
    expect(addDays('2021-03-01', -1)).toBe('2021-02-28');
    expect(addDays('2021-03-10', -89)).toBe('2020-12-11');
    expect(addDays('2021-03-10', 0)).toBe('2021-03-10');
  });

  it('puts the 15th in the first cutoff and the 16th in the second', () => {
    expect(cutoffOf('2021-03-01')).toBe(1);
    expect(cutoffOf('2021-03-15')).toBe(1);
    expect(cutoffOf('2021-03-16')).toBe(2);
    expect(cutoffOf('2021-03-31')).toBe(2);
    expect(periodContaining('2020-02-29')).toEqual({ year: 2020, month: 2, cutoff: 2 });
    expect(periodContaining('2021-11-15')).toEqual({ year: 2021, month: 11, cutoff: 1 });
  });

  it('bounds months and cutoffs, leap years included', () => {
    expect(daysInMonth(2020, 2)).toBe(29);
    expect(daysInMonth(2021, 2)).toBe(28);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(monthBounds(2021, 4)).toEqual({ from: '2021-04-01', to: '2021-04-30' });
    expect(monthBounds(2021, 12)).toEqual({ from: '2021-12-01', to: '2021-12-31' });
    expect(cutoffDates(2020, 2, 2)).toEqual({ from: '2020-02-16', to: '2020-02-29' });
    expect(cutoffDates(2021, 2, 2)).toEqual({ from: '2021-02-16', to: '2021-02-28' });
    expect(cutoffDates(2021, 4, 0)).toEqual({ from: '2021-04-01', to: '2021-04-30' });
    expect(cutoffDates(2021, 5, 1)).toEqual({ from: '2021-05-01', to: '2021-05-15' });
    expect(cutoffDates(2021, 5, 2)).toEqual({ from: '2021-05-16', to: '2021-05-31' });
  });
});
