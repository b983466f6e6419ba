import type { CommissionRule, CommissionRuleBody } from '@ginhawa/contract';

/** What a rule pays for, most specific first; `everything` is the role's default rule. */
export const TARGET_KINDS = [
  'treatment',
  'treatment_category',
  'membership',
  'membership_category',
  'everything',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const TARGET_LABELS: Record<TargetKind, string> = {
  treatment: 'A treatment',
  treatment_category: 'A treatment category',
  membership: 'A membership',
  membership_category: 'A membership category',
  everything: 'Everything else',
};

/** Therapists are paid for treatments they perform; salespersons for anything they sell. */
export const targetsFor = (role: string): readonly TargetKind[] =>
  role === 'therapist' ? ['treatment', 'treatment_category', 'everything'] : TARGET_KINDS;

export const targetKindOf = (rule: CommissionRule | null): TargetKind => {
  if (!rule) return 'everything';
  return TARGET_KINDS.find((k) => k !== 'everything' && rule[k] !== null) ?? 'everything';
};

/** The body's four target fields: the chosen one set, the others null. */
export const targetFields = (
  kind: TargetKind,
  id: string,
): Pick<CommissionRuleBody, 'treatment' | 'treatment_category' | 'membership' | 'membership_category'> => ({
  treatment: kind === 'treatment' ? Number(id) || 0 : null,
  treatment_category: kind === 'treatment_category' ? Number(id) || 0 : null,
  membership: kind === 'membership' ? Number(id) || 0 : null,
  membership_category: kind === 'membership_category' ? Number(id) || 0 : null,
});

/** "10%" or "₱150.00", and of what. */
export const rateLabel = (
  rule: Pick<CommissionRule, 'kind' | 'value' | 'basis' | 'role' | 'applies_to'>,
  peso: (v: string) => string,
) => {
  if (rule.kind === 'fixed')
    return `${peso(rule.value)} per ${rule.role === 'therapist' ? 'service' : 'sale'}${rule.applies_to === 'requested_bonus' ? ' when requested' : ''}`;
  const percent = `${Number(rule.value).toLocaleString('en-PH', { maximumFractionDigits: 2 })}%`;
  return rule.role === 'therapist'
    ? `${percent} (voucher sessions at ${rule.basis === 'list_price' ? 'list' : 'paid'} price)`
    : percent;
};
