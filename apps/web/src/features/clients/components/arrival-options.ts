import type { ClientServices } from '@ginhawa/contract';
import { formatDate } from '../../../lib/format';

/** One way the client could pay for the visit: a voucher session, a membership (sessions or discount), or nothing (pays at the desk). */
export type ArrivalOption = {
  /** `voucher:12`, `membership:3` or `none`: the radio's value. */
  value: string;
  label: string;
  detail: string;
  /** Why it cannot be used for this treatment today; absent when it can. */
  blocked?: string;
  /** Blocked only until a treatment is chosen: said as a hint, not as a fault. */
  waiting?: boolean;
  voucher: number | null;
  client_membership: number | null;
};

export const PAY_AT_DESK: ArrivalOption = {
  value: 'none',
  label: 'No voucher or membership',
  detail: 'The client pays for the treatment',
  voucher: null,
  client_membership: null,
};

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/**
 * What the client may use for `treatment` on `today` (YYYY-MM-DD, Manila), from GET
 * /clients/{id}/services/, with the reason for each thing they may not. The server checks all of
 * it again under a row lock; this only spares the desk a refused request.
 */
export const arrivalOptions = (services: ClientServices, treatment: number | null, today: string): ArrivalOption[] => {
  const vouchers = services.vouchers.map((v): ArrivalOption => {
    const expiry = v.expires_on ? ` · expires ${formatDate(v.expires_on)}` : '';
    const option = {
      value: `voucher:${v.id}`,
      label: `Voucher ${v.code} · ${v.treatment_name}`,
      detail: `${sessions(v.sessions_remaining)} left of ${v.sessions_total}${expiry}`,
      voucher: v.id,
      client_membership: null,
    };
    if (v.status === 'cancelled') return { ...option, blocked: 'This voucher was cancelled.' };
    if (v.expires_on !== null && v.expires_on < today)
      return { ...option, blocked: `Expired on ${formatDate(v.expires_on)}.` };
    if (v.sessions_remaining <= 0 || v.status === 'used_up') return { ...option, blocked: 'All sessions are used.' };
    if (v.status !== 'active') return { ...option, blocked: `This voucher is ${v.status.replace('_', ' ')}.` };
    if (treatment === null)
      return { ...option, blocked: `Choose ${v.treatment_name} as the treatment to use it.`, waiting: true };
    if (v.treatment !== treatment)
      return { ...option, blocked: `For ${v.treatment_name} only: choose it as the treatment to use this voucher.` };
    return option;
  });

  const memberships = services.memberships.map((m): ArrivalOption => {
    const allowed = treatment === null ? undefined : m.allowed_treatments.find((a) => a.treatment === treatment);
    const option = {
      value: `membership:${m.id}`,
      label: `Membership · ${m.membership_name}`,
      detail: `Until ${formatDate(m.end_date)}`,
      voucher: null,
      client_membership: m.id,
    };
    if (m.status !== 'active') return { ...option, blocked: `This membership is ${m.status}.` };
    if (m.end_date < today) return { ...option, blocked: `Ended on ${formatDate(m.end_date)}.` };
    if (m.start_date > today) return { ...option, blocked: `Starts on ${formatDate(m.start_date)}.` };
    if (treatment === null) return { ...option, blocked: 'Choose the treatment to see what it covers.', waiting: true };
    if (!allowed) return { ...option, blocked: 'Does not cover this treatment.' };
    const discount =
      Number(allowed.discount_percent) > 0 ? `${allowed.discount_percent.replace(/\.0+$/, '')}% member discount` : '';
    if (allowed.sessions_remaining > 0) {
      return {
        ...option,
        detail: [`${sessions(allowed.sessions_remaining)} left of ${allowed.sessions_included}`, discount]
          .filter(Boolean)
          .join(' · '),
      };
    }
    if (discount) return { ...option, detail: `${discount} (no included sessions left)` };
    return {
      ...option,
      blocked:
        allowed.sessions_included > 0
          ? 'All included sessions are used.'
          : 'Covers no sessions or discount for this treatment.',
    };
  });

  return [...vouchers, ...memberships, PAY_AT_DESK];
};

/** The best thing to use by default: a voucher session, else membership sessions, else paying. */
export const defaultOption = (options: readonly ArrivalOption[]): ArrivalOption =>
  options.find((o) => !o.blocked) ?? PAY_AT_DESK;

/** The option a radio value names; paying at the desk when it names none of them. */
export const optionFor = (options: readonly ArrivalOption[], value: string): ArrivalOption =>
  options.find((o) => o.value === value) ?? PAY_AT_DESK;

/**
 * Read again after a refusal, the voucher or membership chosen may be used up now (at another
 * desk): the best choice left replaces it (paying at the desk at worst), so the refused one is not
 * offered again. Null while the choice still stands.
 */
export const replacementFor = (options: readonly ArrivalOption[], value: string): string | null => {
  const chosen = optionFor(options, value);
  return chosen.blocked && !chosen.waiting ? defaultOption(options).value : null;
};

/** A treatment the client holds a usable voucher for today, with the sessions left on it. */
export type VoucherTreatment = { treatment: number; sessions: number; code: string };

/**
 * The treatments the client's usable vouchers are for (most sessions first): the Treatment select
 * lists them first, so the desk picks what the client came to redeem without scrolling the menu.
 */
export const voucherTreatments = (services: ClientServices, today: string): VoucherTreatment[] => {
  const best = new Map<number, VoucherTreatment>();
  for (const v of services.vouchers) {
    const usable =
      v.status === 'active' && v.sessions_remaining > 0 && (v.expires_on === null || v.expires_on >= today);
    const held = best.get(v.treatment);
    if (usable && (!held || held.sessions < v.sessions_remaining))
      best.set(v.treatment, { treatment: v.treatment, sessions: v.sessions_remaining, code: v.code });
  }
  return [...best.values()];
};
