import { z } from 'zod';
import { calendarDateSchema, money, relationId, returnBodySchema, text, type FieldErrors } from './fields';
import { filterId, listQuerySchema } from './pagination';
import { monthParam, yearParam } from './reports';

/**
 * Pay runs (issue 21; docs/api.md "Pay runs"): commission rules, the per-cutoff run of one branch
 * with its lines, and each person's own earnings. Money is a decimal string with two places.
 */

// ——— commission rules ———

/** `therapist`: paid for services performed (arrivals); `salesperson`: for sale lines. */
export const COMMISSION_ROLES = ['therapist', 'salesperson'] as const;
export type CommissionRole = (typeof COMMISSION_ROLES)[number];
/** `percent` of the base; `fixed` pesos per service (arrival) or per sale line. */
export const COMMISSION_KINDS = ['percent', 'fixed'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
/** What a percent of a redeemed voucher session is taken of: its list price, or what the client paid per session. */
export const COMMISSION_BASES = ['list_price', 'paid_price'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];
/**
 * `service`: the commission for the service or sale itself; `requested_bonus`: a therapist's extra
 * fixed pesos for an arrival where the client asked for them (decision 0800).
 */
export const COMMISSION_APPLIES_TO = ['service', 'requested_bonus'] as const;
export type CommissionAppliesTo = (typeof COMMISSION_APPLIES_TO)[number];

const choose = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Choose from ${values.join(', ')}.` });

/** The rule's fields as stored; the create body fills the defaults, a PATCH changes only those given. */
const commissionRuleFields = {
  role: choose(COMMISSION_ROLES),
  applies_to: choose(COMMISSION_APPLIES_TO),
  /** At most one target; none = everything for the role. Most specific wins: treatment, treatment category, membership, membership category. */
  treatment: relationId('a treatment').nullable(),
  treatment_category: relationId('a treatment category').nullable(),
  membership: relationId('a membership').nullable(),
  membership_category: relationId('a membership category').nullable(),
  kind: choose(COMMISSION_KINDS),
  /** Used by percent rules on redeemed voucher sessions; ignored otherwise. */
  basis: choose(COMMISSION_BASES),
  /** Percent (0–100) or pesos, 2 places; the message names both, since the kind decides which. */
  value: money({
    acceptNumber: true,
    padded: true,
    invalid: 'Enter a percent like 10 or 12.50, or pesos like 150.00 for a fixed amount (at most 2 decimals).',
  }),
  /** A branch's own rule; null = every branch. A branch's rule beats the business-wide one. */
  location: relationId('a location').nullable(),
  /** Manila day from which the rule is in force (until a later rule for the same target starts). */
  effective_from: calendarDateSchema,
  notes: text(500, { multiline: true }),
};

export const commissionRuleBodySchema = z.object({
  ...commissionRuleFields,
  applies_to: commissionRuleFields.applies_to.default('service'),
  treatment: commissionRuleFields.treatment.default(null),
  treatment_category: commissionRuleFields.treatment_category.default(null),
  membership: commissionRuleFields.membership.default(null),
  membership_category: commissionRuleFields.membership_category.default(null),
  basis: commissionRuleFields.basis.default('paid_price'),
  location: commissionRuleFields.location.default(null),
  notes: commissionRuleFields.notes.default(''),
});
export type CommissionRuleBody = z.input<typeof commissionRuleBodySchema>;
export type CommissionRuleInput = z.output<typeof commissionRuleBodySchema>;
export const commissionRulePutSchema = commissionRuleBodySchema;
export const commissionRulePatchSchema = z.object(commissionRuleFields).partial();
export type CommissionRulePatch = z.input<typeof commissionRulePatchSchema>;
export type CommissionRuleChanges = z.output<typeof commissionRulePatchSchema>;

type RuleShape = {
  role: CommissionRole;
  applies_to: CommissionAppliesTo;
  treatment: number | null;
  treatment_category: number | null;
  membership: number | null;
  membership_category: number | null;
  kind: CommissionKind;
  value: string;
};

/**
 * The checks across fields of a whole rule (after a PATCH is applied to the stored one), by field;
 * empty when it is consistent. The server answers them as a 400; a form may show them first.
 */
export const commissionRuleProblems = (rule: RuleShape): FieldErrors => {
  const errors: FieldErrors = {};
  const targets = (['treatment', 'treatment_category', 'membership', 'membership_category'] as const).filter(
    (k) => rule[k] !== null,
  );
  if (targets.length > 1) for (const t of targets) errors[t] = ['Choose one target at most (or none for everything).'];
  if (rule.role === 'therapist' && (rule.membership !== null || rule.membership_category !== null)) {
    const field = rule.membership !== null ? 'membership' : 'membership_category';
    errors[field] = ['Therapists are paid for treatments; choose a treatment or a treatment category.'];
  }
  if (rule.applies_to === 'requested_bonus') {
    if (rule.role !== 'therapist') errors.applies_to = ['Only therapists get a requested-therapist bonus.'];
    if (rule.kind !== 'fixed') errors.kind = ['A requested-therapist bonus is a fixed peso amount.'];
  }
  if (rule.kind === 'percent' && Number(rule.value) > 100) errors.value = ['A percentage is at most 100.'];
  return errors;
};

export const commissionRuleSchema = z.object({
  id: z.number().int(),
  role: z.enum(COMMISSION_ROLES),
  applies_to: z.enum(COMMISSION_APPLIES_TO),
  treatment: z.number().int().nullable(),
  treatment_name: z.string().nullable(),
  treatment_category: z.number().int().nullable(),
  treatment_category_name: z.string().nullable(),
  membership: z.number().int().nullable(),
  membership_name: z.string().nullable(),
  membership_category: z.number().int().nullable(),
  membership_category_name: z.string().nullable(),
  /** "Hot Stone Massage", "Category: Massages", "Everything": what the rule pays for, readable. */
  target_label: z.string(),
  kind: z.enum(COMMISSION_KINDS),
  basis: z.enum(COMMISSION_BASES),
  value: z.string(),
  location: z.number().int().nullable(),
  location_name: z.string().nullable(),
  effective_from: z.string(),
  /** The day before the next rule for the same role, target and location starts; null while it is the latest. */
  effective_to: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

export const COMMISSION_RULE_ORDERING = ['effective_from', 'role', 'kind', 'value', 'created_at', 'id'] as const;
export const commissionRuleListQuerySchema = listQuerySchema(COMMISSION_RULE_ORDERING, {
  role: choose(COMMISSION_ROLES).optional(),
  applies_to: choose(COMMISSION_APPLIES_TO).optional(),
  location: filterId().optional(),
  treatment: filterId().optional(),
  treatment_category: filterId().optional(),
  membership: filterId().optional(),
  membership_category: filterId().optional(),
  /** Only the rules in force on this Manila day. */
  in_force_on: calendarDateSchema.optional(),
});
export type CommissionRuleListQuery = z.input<typeof commissionRuleListQuerySchema>;
export type CommissionRuleQuery = z.output<typeof commissionRuleListQuerySchema>;

export const commissionRuleResource = {
  item: commissionRuleSchema,
  listQuery: commissionRuleListQuerySchema,
  createBody: commissionRuleBodySchema,
  putBody: commissionRulePutSchema,
  patchBody: commissionRulePatchSchema,
};

// ——— pay runs ———

/** Same workflow as daily reports: draft → submitted → approved, or returned (with a reason) and submitted again. */
export const PAY_RUN_STATUSES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];
/** Wages are paid twice a month (Labor Code art. 103): cutoff 1 = days 1–15, 2 = 16–end. */
export const PAY_CUTOFFS = [1, 2] as const;
/**
 * Where a line comes from: an `arrival` (service performed), a `sale` line, the branch's
 * `service_charge` pool (RA 11360), an `adjustment` to a line of an approved run, or a `tip` taken
 * at checkout (the therapist's own in full, never commissioned: decision 0512).
 */
export const PAY_LINE_SOURCES = ['arrival', 'sale', 'service_charge', 'adjustment', 'tip'] as const;
export type PayLineSource = (typeof PAY_LINE_SOURCES)[number];
/** What an adjustment line corrects: the original line's source. */
export const PAY_ADJUSTED_SOURCES = ['arrival', 'sale', 'service_charge', 'tip'] as const;

/** The notification type of a pay run's approval request (decided like a daily report's). */
export const PAY_RUN_NOTIFICATION_TYPE = 'pay_run';
/** The live frame telling an employee's sessions their earnings changed (`GET /payroll/my-earnings/` again). */
export const EARNINGS_CHANGED_ACTION = 'earnings_changed';

const payCutoffParam = z.coerce
  .number({ error: 'Choose cutoff 1 or 2.' })
  .int('Choose cutoff 1 or 2.')
  .min(1, 'Choose cutoff 1 or 2.')
  .max(2, 'Choose cutoff 1 or 2.');

/** `POST /payroll/runs/`: compute (or recompute, while draft or returned) one branch's run for a cutoff. */
export const payRunBodySchema = z.object({
  year: yearParam,
  month: monthParam,
  cutoff: payCutoffParam,
  // The pay run screens call a location a branch ("Branch" in the Compute dialog).
  location: relationId('a branch'),
});
export type PayRunBody = z.input<typeof payRunBodySchema>;
export type PayRunInput = z.output<typeof payRunBodySchema>;

export const payRunReturnBodySchema = returnBodySchema('pay run');
export type PayRunReturnBody = z.input<typeof payRunReturnBodySchema>;

export const payRunSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  cutoff: z.number().int(),
  date_from: z.string(),
  date_to: z.string(),
  /**
   * The cutoff's last day is today or later (Manila): approving is allowed, and what is earned
   * after approval is paid as adjustments in the branch's next run (decision 0800).
   */
  cutoff_running: z.boolean(),
  status: z.enum(PAY_RUN_STATUSES),
  /** The sum of the run's lines, to the centavo. */
  total: z.string(),
  line_count: z.number().int(),
  employee_count: z.number().int(),
  /** The service charges collected by the branch in the cutoff (shared as `service_charge` lines). */
  service_charge_pool: z.string(),
  return_reason: z.string(),
  computed_at: z.string(),
  computed_by: z.number().int().nullable(),
  submitted_by: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PayRun = z.infer<typeof payRunSchema>;

/** One employee's figures in a run; `total` is the sum of their lines. */
export const payRunEmployeeSchema = z.object({
  employee: z.number().int(),
  employee_name: z.string(),
  employee_code: z.string(),
  kind: z.enum(['salesperson', 'therapist', 'receptionist']),
  /** The login behind the record (a person who both treats and sells has two records), null without one. */
  user: z.number().int().nullable(),
  arrivals_total: z.string(),
  sales_total: z.string(),
  service_charge_total: z.string(),
  adjustments_total: z.string(),
  total: z.string(),
  line_count: z.number().int(),
});
export type PayRunEmployee = z.infer<typeof payRunEmployeeSchema>;

/** `GET /payroll/runs/{id}/`: the run and its employees with totals (name order). */
export const payRunDetailSchema = payRunSchema.extend({
  /**
   * Whether the signed-in reader may approve it now: submitted, an Admin, and not the Admin who
   * submitted it while another active Admin can (decision 0800). The screen offers Approve only then.
   */
  may_approve: z.boolean(),
  employees: z.array(payRunEmployeeSchema),
});
export type PayRunDetail = z.infer<typeof payRunDetailSchema>;

/** One earning: what it is for, on what base, by which rule, and the pesos. */
export const earningLineSchema = z.object({
  employee: z.number().int(),
  employee_name: z.string(),
  employee_code: z.string(),
  source: z.enum(PAY_LINE_SOURCES),
  /** The arrival's or sale line's id (for an adjustment, the adjusted source's; for a service-charge one, the run's); null for service charge. */
  source_id: z.number().int().nullable(),
  /** For an adjustment: `arrival`, `sale` or `service_charge` (source_id: the approved run), what it corrects; null otherwise. */
  adjusted_source: z.enum(PAY_ADJUSTED_SOURCES).nullable(),
  /** The client served or sold to, when known (a link to the client's page). */
  client: z.number().int().nullable(),
  /** The day of the arrival or sale (Manila); for service charge, the cutoff's last day. */
  date: z.string(),
  description: z.string(),
  /** What a percent was taken of (pesos); null for fixed rules and service charge. */
  base_amount: z.string().nullable(),
  rule: z.number().int().nullable(),
  /** "10% of paid price", "₱150.00 per service": the rule as applied. */
  rule_label: z.string(),
  /** 1 normally, 2 for a tandem service split between two therapists. */
  split: z.number().int(),
  requested: z.boolean(),
  amount: z.string(),
});
export type EarningLine = z.infer<typeof earningLineSchema>;

/** A stored line of a run; adjustment lines point at the line they correct. */
export const payRunLineSchema = earningLineSchema.extend({
  id: z.number().int(),
  run: z.number().int(),
  adjusts_line: z.number().int().nullable(),
  /** The run the adjusted line was paid in. */
  adjusts_run: z.number().int().nullable(),
});
export type PayRunLine = z.infer<typeof payRunLineSchema>;

const formatParam = { format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json') };

export const PAY_RUN_ORDERING = ['year', 'month', 'cutoff', 'status', 'total', 'id'] as const;
export const payRunListQuerySchema = listQuerySchema(PAY_RUN_ORDERING, {
  location: filterId().optional(),
  year: yearParam.optional(),
  month: monthParam.optional(),
  cutoff: payCutoffParam.optional(),
  status: choose(PAY_RUN_STATUSES).optional(),
});
export type PayRunListQuery = z.input<typeof payRunListQuerySchema>;
export type PayRunQuery = z.output<typeof payRunListQuerySchema>;

export const PAY_RUN_LINE_ORDERING = ['date', 'employee', 'source', 'amount', 'id'] as const;
export const payRunLinesQuerySchema = listQuerySchema(PAY_RUN_LINE_ORDERING, {
  employee: filterId().optional(),
  source: choose(PAY_LINE_SOURCES).optional(),
  ...formatParam,
});
export type PayRunLinesQuery = z.input<typeof payRunLinesQuerySchema>;
export type PayRunLinesParams = z.output<typeof payRunLinesQuerySchema>;

// ——— my earnings ———

/** `GET /payroll/my-earnings/`: the period (the current cutoff by default) and, for Managers and Admins, whose. */
export const myEarningsQuerySchema = z.object({
  year: yearParam.optional(),
  month: monthParam.optional(),
  cutoff: payCutoffParam.optional(),
  /** Another employee's: only their branch's Managers and Admins (else 403). */
  employee: filterId().optional(),
});
export type MyEarningsQuery = z.input<typeof myEarningsQuerySchema>;
export type MyEarningsParams = z.output<typeof myEarningsQuerySchema>;

export const myEarningsSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  cutoff: z.number().int(),
  date_from: z.string(),
  date_to: z.string(),
  /** The employee records whose earnings these are (a person may both treat and sell). */
  employees: z.array(z.number().int()),
  arrivals_total: z.string(),
  sales_total: z.string(),
  /** Computed live from arrivals and sales so far; the service-charge share is added by the pay run. */
  total: z.string(),
  /** Newest first. */
  lines: z.array(earningLineSchema),
});
export type MyEarnings = z.infer<typeof myEarningsSchema>;
