import { describe, expect, it } from 'vitest';
import { TIME_SLOTS, TIME_SLOT_MINUTES, isTimeSlot, roundToTimeSlot, toHHmm } from './time';

describe('time slots (docs/product.md §5)', () => {
  it('offers every 15 minutes across 24 hours as HH:mm', () => {
    expect(TIME_SLOT_MINUTES).toBe(15);
    expect(TIME_SLOTS).toHaveLength(96);
    expect(TIME_SLOTS.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(TIME_SLOTS.at(-1)).toBe('23:45');
    expect(new Set(TIME_SLOTS).size).toBe(96);
    expect(TIME_SLOTS.every((slot) => /^\d{2}:\d{2}$/.test(slot))).toBe(true);
  });

  it('formats minutes since midnight, wrapping past a day', () => {
    expect(toHHmm(0)).toBe('00:00');
    expect(toHHmm(9 * 60 + 5)).toBe('09:05');
    expect(toHHmm(1440 + 30)).toBe('00:30');
    expect(toHHmm(-15)).toBe('23:45');
  });

  it('knows which values are slots', () => {
    expect(isTimeSlot('09:45')).toBe(true);
    expect(isTimeSlot('09:50')).toBe(false);
    expect(isTimeSlot('24:00')).toBe(false);
    expect(isTimeSlot('9:45')).toBe(false);
  });

  it('rounds to the nearest 15 minutes', () => {
    expect(roundToTimeSlot('09:07')).toBe('09:00');
    expect(roundToTimeSlot('09:08')).toBe('09:15');
    expect(roundToTimeSlot('09:52')).toBe('09:45');
    expect(roundToTimeSlot('09:53')).toBe('10:00');
    expect(roundToTimeSlot('23:53')).toBe('00:00');
    expect(roundToTimeSlot(8 * 60 + 22)).toBe('08:15');
    expect(roundToTimeSlot(' 7:30 ')).toBe('07:30');
  });

  it('refuses something that is not a time', () => {
    expect(() => roundToTimeSlot('noon')).toThrow(RangeError);
  });
});
