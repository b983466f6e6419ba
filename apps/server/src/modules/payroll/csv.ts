import type { PayRunLine } from '@ginhawa/contract';
import { csvLines } from '../../lib/csv';

/** A pay run's lines as CSV (`?format=csv`): one row per line, amounts as plain decimals. */
export const payRunLinesCsv = (
  run: { id: number; year: number; month: number; cutoff: number },
  lines: PayRunLine[],
) => ({
  name: `pay-run-${run.id}-${run.year}-${String(run.month).padStart(2, '0')}-${run.cutoff}`,
  lines: csvLines(
    [
      'employee_code',
      'employee',
      'date',
      'source',
      'source_id',
      'description',
      'base_amount',
      'rule',
      'split',
      'requested',
      'amount',
      'adjusts_line',
    ],
    lines.map((l) => [
      l.employee_code,
      l.employee_name,
      l.date,
      l.source === 'adjustment' ? `adjustment (${l.adjusted_source})` : l.source,
      l.source_id,
      l.description,
      l.base_amount,
      l.rule_label,
      l.split,
      l.requested,
      l.amount,
      l.adjusts_line,
    ]),
  ),
});
