import { describe, expect, it } from 'vitest';
import { arrivalOptions, defaultOption, voucherTreatments } from './arrival-options';
import { services, voucher } from './test-data';

const membership = {
  id: 9,
  membership: 1,
  membership_name: 'Gold',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  status: 'active' as const,
  allowed_treatments: [
    { treatment: 3, treatment_name: 'Hilot', sessions_included: 4, sessions_remaining: 0, discount_percent: '10.00' },
    { treatment: 5, treatment_name: 'Foot spa', sessions_included: 2, sessions_remaining: 2, discount_percent: '0.00' },
  ],
};
const TODAY = '2026-06-01';

describe('what a client may use at arrival', () => {
  it('offers a voucher with sessions left for its own treatment first', () => {
    const options = arrivalOptions(services(), 3, TODAY);
    expect(options[0]).toMatchObject({
      value: 'voucher:55',
      voucher: 55,
      detail: '2 sessions left of 3 · expires 31 Dec 2026',
    });
    expect(options[0]!.blocked).toBeUndefined();
    expect(defaultOption(options).value).toBe('voucher:55');
  });

  it('blocks a voucher for another treatment, used up, expired or cancelled, with the reason', () => {
    expect(arrivalOptions(services(), 5, TODAY)[0]!.blocked).toBe(
      'For Hilot only: choose it as the treatment to use this voucher.',
    );
    expect(
      arrivalOptions(
        services({ vouchers: [voucher({ sessions_remaining: 0, sessions_used: 3, status: 'used_up' })] }),
        3,
        TODAY,
      )[0]!.blocked,
    ).toBe('All sessions are used.');
    expect(arrivalOptions(services({ vouchers: [voucher({ expires_on: '2026-05-31' })] }), 3, TODAY)[0]!.blocked).toBe(
      'Expired on 31 May 2026.',
    );
    expect(arrivalOptions(services({ vouchers: [voucher({ status: 'cancelled' })] }), 3, TODAY)[0]!.blocked).toBe(
      'This voucher was cancelled.',
    );
    // Before a treatment is chosen nothing is wrong yet: a neutral hint, not a refusal.
    expect(arrivalOptions(services(), null, TODAY)[0]).toMatchObject({
      blocked: 'Choose Hilot as the treatment to use it.',
      waiting: true,
    });
  });

  it('offers membership sessions, else the member discount, and blocks what it does not cover', () => {
    const withMembership = services({ vouchers: [], memberships: [membership] });
    expect(arrivalOptions(withMembership, 5, TODAY)[0]).toMatchObject({
      client_membership: 9,
      detail: '2 sessions left of 2',
    });
    expect(arrivalOptions(withMembership, 3, TODAY)[0]).toMatchObject({
      detail: '10% member discount (no included sessions left)',
    });
    expect(arrivalOptions(withMembership, 3, TODAY)[0]!.blocked).toBeUndefined();
    expect(arrivalOptions(withMembership, 8, TODAY)[0]!.blocked).toBe('Does not cover this treatment.');
    expect(
      arrivalOptions(services({ vouchers: [], memberships: [{ ...membership, status: 'expired' }] }), 5, TODAY)[0]!
        .blocked,
    ).toBe('This membership is expired.');
    expect(arrivalOptions(withMembership, 5, '2027-01-01')[0]!.blocked).toBe('Ended on 31 Dec 2026.');
    expect(arrivalOptions(withMembership, 5, '2025-12-31')[0]!.blocked).toBe('Starts on 1 Jan 2026.');
  });

  it('always lets the client pay at the desk, the default when nothing else applies', () => {
    const options = arrivalOptions(services(), 8, TODAY);
    expect(options.at(-1)).toMatchObject({ value: 'none', voucher: null, client_membership: null });
    expect(defaultOption(options).value).toBe('none');
  });
});

describe('treatments the client holds vouchers for', () => {
  it('lists each usable voucher treatment once, with the most sessions left, and skips unusable ones', () => {
    const held = services({
      vouchers: [
        voucher(),
        voucher({ id: 56, code: 'V-000056', sessions_remaining: 3, sessions_used: 0 }),
        voucher({ id: 57, code: 'V-000057', treatment: 5, treatment_name: 'Foot spa', expires_on: '2026-05-31' }),
        voucher({ id: 58, code: 'V-000058', treatment: 6, sessions_remaining: 0, status: 'used_up' }),
      ],
    });
    expect(voucherTreatments(held, TODAY)).toEqual([{ treatment: 3, sessions: 3, code: 'V-000056' }]);
  });
});
