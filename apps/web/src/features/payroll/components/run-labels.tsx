import Chip from '@mui/material/Chip';
import type { PayLineSource, PayRun, PayRunStatus } from '@ginhawa/contract';
import { formatDate } from '../../../lib/format';
import { CUTOFF_LABELS, MONTH_NAMES } from '../../../lib/period';

export const RUN_STATUS_LABELS: Record<PayRunStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
};

const STATUS_COLORS = {
  draft: 'default',
  submitted: 'info',
  approved: 'success',
  returned: 'warning',
} as const satisfies Record<PayRunStatus, string>;

export const RunStatusChip = ({ status }: { status: PayRunStatus }) => (
  <Chip size="small" label={RUN_STATUS_LABELS[status]} color={STATUS_COLORS[status]} />
);

/** "1st–15th November 2026": how a branch names its paydays' cutoffs. */
export const periodLabel = (run: Pick<PayRun, 'year' | 'month' | 'cutoff'>) =>
  `${CUTOFF_LABELS[run.cutoff] ?? `Cutoff ${run.cutoff}`} ${MONTH_NAMES[run.month - 1] ?? run.month} ${run.year}`;

/** "Makati, 1st–15th November 2026". */
export const runTitle = (run: Pick<PayRun, 'location_name' | 'year' | 'month' | 'cutoff'>) =>
  `${run.location_name}, ${periodLabel(run)}`;

export const SOURCE_LABELS: Record<PayLineSource, string> = {
  arrival: 'Service',
  sale: 'Sale',
  service_charge: 'Service charge',
  tip: 'Tip',
  adjustment: 'Adjustment',
};

/**
 * Said on a run whose cutoff has not ended (decision 0800): it may be submitted and approved, and
 * what is earned after approval comes back as adjustments in the branch's next run.
 */
export const cutoffRunningNote = (run: Pick<PayRun, 'date_to'>) =>
  `This cutoff runs until ${formatDate(run.date_to).replace(/ \d{4}$/, '')}: what is earned after approval is paid as an adjustment in the next run.`;
