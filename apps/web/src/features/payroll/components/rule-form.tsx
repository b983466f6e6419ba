import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  commissionRuleBodySchema,
  commissionRuleProblems,
  todayInManila,
  type CommissionRule,
  type CommissionRuleBody,
} from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm, type BoundField } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDate } from '../../../lib/format';
import { useRevalidate } from '../../../lib/list-query';
import {
  listedValue,
  useCategoryOptions,
  useLocationOptions,
  useMembershipOptions,
  useTreatmentOptions,
} from '../../../lib/options';
import { createRule, rulesResource, updateRule } from '../api/commission-rules';
import { TARGET_LABELS, targetFields, targetKindOf, targetsFor, type TargetKind } from './rule-target';
import { DateField } from '../../../components/date-field';

const FIELDS = [
  'role',
  'applies_to',
  'treatment',
  'treatment_category',
  'membership',
  'membership_category',
  'kind',
  'basis',
  'value',
  'location',
  'effective_from',
  'notes',
] as const;
type Values = Record<(typeof FIELDS)[number] | 'target', string>;

/** The contract's body with its checks across fields (one target, a bonus is a therapist's fixed pesos) told before sending. */
const ruleSchema = commissionRuleBodySchema.superRefine((body, ctx) => {
  for (const [path, messages] of Object.entries(commissionRuleProblems(body)))
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
});

const initialValues = (rule: CommissionRule | null): Values => ({
  role: rule?.role ?? 'therapist',
  applies_to: rule?.applies_to ?? 'service',
  target: targetKindOf(rule),
  treatment: String(rule?.treatment ?? ''),
  treatment_category: String(rule?.treatment_category ?? ''),
  membership: String(rule?.membership ?? ''),
  membership_category: String(rule?.membership_category ?? ''),
  kind: rule?.kind ?? 'percent',
  basis: rule?.basis ?? 'paid_price',
  value: rule?.value ?? '',
  location: String(rule?.location ?? ''),
  // A new rule starts today; one dated back pays approved cutoffs' difference as adjustments (decision 0800).
  effective_from: rule?.effective_from ?? todayInManila(),
  notes: rule?.notes ?? '',
});

const toBody = (v: Values): CommissionRuleBody => ({
  role: v.role as CommissionRuleBody['role'],
  applies_to: v.applies_to as CommissionRuleBody['applies_to'],
  ...targetFields(v.target as TargetKind, v[v.target as Exclude<TargetKind, 'everything'>] ?? ''),
  kind: v.kind as CommissionRuleBody['kind'],
  basis: v.basis as CommissionRuleBody['basis'],
  value: v.value,
  location: v.location ? Number(v.location) : null,
  effective_from: v.effective_from,
  notes: v.notes,
});

const TARGET_FIELD_LABELS = {
  treatment: 'Treatment',
  treatment_category: 'Treatment category',
  membership: 'Membership',
  membership_category: 'Membership category',
} as const;

/** The select of the chosen target kind, with that kind's options. */
const TargetSelect = ({ kind, field }: { kind: Exclude<TargetKind, 'everything'>; field: BoundField }) => {
  const treatments = useTreatmentOptions();
  const treatmentCategories = useCategoryOptions('treatment');
  const memberships = useMembershipOptions();
  const membershipCategories = useCategoryOptions('membership');
  const options = {
    treatment: treatments.data?.results,
    treatment_category: treatmentCategories.data?.results,
    membership: memberships.data?.results,
    membership_category: membershipCategories.data?.results,
  }[kind];
  return (
    <TextField select label={TARGET_FIELD_LABELS[kind]} required {...listedValue(field, options)}>
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * An edit is how a wrong rate is corrected (decisions 0630 and 0800): approved runs stay as they
 * are, and the next runs pay the difference.
 */
const EditNote = () => (
  <Alert severity="info">
    A change applies to every day this rule covers: what approved pay runs paid differently is paid as adjustments in
    each branch’s next run. To pay differently from a day on, add a new rule from that day.
  </Alert>
);

/** Create or edit a commission rule (Admins): who, for what, how much, where and from which day. */
/** How much a rule pays: a percent (of what, for a therapist's voucher sessions) or fixed pesos. */
const AmountFields = ({ kind, value, basis }: { kind: BoundField; value: BoundField; basis: BoundField | null }) => (
  <>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField select label="Kind" required {...kind}>
        <MenuItem value="percent">Percent of the amount</MenuItem>
        <MenuItem value="fixed">Fixed pesos</MenuItem>
      </TextField>
      <TextField
        label="Value"
        required
        {...value}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input:
            kind.value === 'percent'
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : { startAdornment: <InputAdornment position="start">₱</InputAdornment> },
        }}
      />
    </Stack>
    {basis ? (
      <TextField select label="Voucher sessions at" {...basis}>
        <MenuItem value="paid_price">The price the client paid per session</MenuItem>
        <MenuItem value="list_price">The treatment&apos;s list price</MenuItem>
      </TextField>
    ) : null}
  </>
);

export const RuleForm = ({ rule, onClose }: { rule: CommissionRule | null; onClose: () => void }) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidate(rulesResource.stale);
  const locations = useLocationOptions({ activeOnly: false });
  const form = useEntityForm({
    money: ['value'],
    initialValues: () => initialValues(rule),
    fields: FIELDS,
    parse: (v: Values) => ruleSchema.safeParse(toBody(v)),
    save: (data) => (rule ? updateRule(rule.id, data) : createRule(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(
        `Rule ${rule ? 'saved' : 'added'}: ${saved.target_label}, from ${formatDate(saved.effective_from)}.`,
        'success',
      );
      onClose();
    },
    // A salesperson has no requested bonus and pays on memberships too: keep the choices consistent.
    derive: (next, field) => {
      if (field !== 'role') return next;
      const targets = targetsFor(next.role);
      return {
        ...next,
        applies_to: next.role === 'therapist' ? next.applies_to : 'service',
        target: targets.includes(next.target as TargetKind) ? next.target : 'everything',
      };
    },
  });
  const v = form.values;
  const target = v.target as TargetKind;
  return (
    <FormDialog
      {...form.dialog}
      title={rule ? 'Edit commission rule' : 'New commission rule'}
      submitLabel={rule ? 'Save' : 'Add rule'}
      onClose={onClose}
    >
      {rule ? <EditNote /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Paid to" required {...form.bind('role')}>
          <MenuItem value="therapist">Therapists (services performed)</MenuItem>
          <MenuItem value="salesperson">Salespersons (sales)</MenuItem>
        </TextField>
        {v.role === 'therapist' ? (
          <TextField select label="For" required {...form.bind('applies_to')}>
            <MenuItem value="service">The service</MenuItem>
            <MenuItem value="requested_bonus">Requested-therapist bonus</MenuItem>
          </TextField>
        ) : null}
      </Stack>
      <TextField
        select
        label="Applies to"
        required
        {...form.bind('target', 'The most specific rule wins: treatment, category, then everything.')}
      >
        {targetsFor(v.role).map((k) => (
          <MenuItem key={k} value={k}>
            {TARGET_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      {target === 'everything' ? null : <TargetSelect key={target} kind={target} field={form.bind(target)} />}
      <AmountFields
        kind={form.bind('kind')}
        value={form.bind('value', v.kind === 'percent' ? 'e.g. 10 for 10%.' : 'Pesos, e.g. 150.')}
        basis={
          v.kind === 'percent' && v.role === 'therapist'
            ? form.bind('basis', 'What a redeemed voucher session counts as.')
            : null
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Branch"
          // '' is "Every branch", a choice of its own: shown, not left as an empty field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          {...listedValue(
            form.bind('location', 'A branch’s own rule beats the business-wide one.'),
            locations.data?.results,
          )}
        >
          <MenuItem value="">Every branch</MenuItem>
          {(locations.data?.results ?? []).map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          label="In force from"
          required
          {...form.bind('effective_from', 'Until a later rule for the same target starts.')}
        />
      </Stack>
      <TextField label="Notes" multiline minRows={2} {...form.bind('notes')} />
    </FormDialog>
  );
};
