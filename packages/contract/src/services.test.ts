import { describe, expect, it } from 'vitest';
import {
  allowedTreatmentBodySchema,
  formatDuration,
  membershipPatchSchema,
  treatmentBodySchema,
  treatmentPatchSchema,
} from './services';

describe('services schemas', () => {
  it('fills defaults on create but not on a partial update', () => {
    expect(treatmentBodySchema.parse({ name: ' Hilot ', category: 1, duration_minutes: 60, price: '900' })).toEqual({
      name: 'Hilot',
      category: 1,
      duration_minutes: 60,
      price: '900',
      description: '',
      is_active: true,
      room_kinds: [],
      tax_class: 'vatable',
      senior_pwd_eligible: true,
    });
    expect(treatmentPatchSchema.parse({ price: '950.50' })).toEqual({ price: '950.50' });
    expect(membershipPatchSchema.parse({ is_active: false })).toEqual({ is_active: false });
  });

  it('keeps discounts as decimal strings', () => {
    expect(
      allowedTreatmentBodySchema.parse({ membership: 1, treatment: 2, discount_percent: 12.5 }).discount_percent,
    ).toBe('12.5');
    expect(allowedTreatmentBodySchema.parse({ membership: 1, treatment: 2 })).toMatchObject({
      sessions_included: 0,
      discount_percent: '0',
    });
    expect(
      allowedTreatmentBodySchema.safeParse({ membership: 1, treatment: 2, discount_percent: '100.01' }).success,
    ).toBe(false);
  });

  it('takes durations on the 15-minute grid only', () => {
    const ok = (v: number) => treatmentPatchSchema.safeParse({ duration_minutes: v }).success;
    expect([15, 45, 90, 480].map(ok)).toEqual([true, true, true, true]);
    expect([0, 10, 61, 495].map(ok)).toEqual([false, false, false, false]);
  });
});

describe('formatDuration', () => {
  it('reads as hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
