import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayRunDetail, PayRunEmployee, PayRunLine } from '@ginhawa/contract';
import { formatDate, formatDateRange, formatDateTime, formatPeso } from '../../../lib/format';
import { RUN_STATUS_LABELS, SOURCE_LABELS, periodLabel } from './run-labels';

type StatementProps = {
  companyName: string;
  run: PayRunDetail;
  employee: PayRunEmployee;
  lines: readonly PayRunLine[];
  /** Lines the server has beyond those given (a statement prints at most one page of 500). */
  more: number;
  printedAt: Date;
};

const Figure = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
    <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
      {label}
    </Typography>
    <Typography
      variant="body2"
      sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
      data-testid={strong ? 'statement-total' : undefined}
    >
      {value}
    </Typography>
  </Box>
);

const cell = { px: 1, py: 0.5, fontSize: '0.8rem' } as const;
/** A phone has no room for the base beside the amount (the rule already says what it was taken from); paper has. */
const baseCell = { display: { xs: 'none', sm: 'table-cell' } } as const;
/**
 * The date stays on one line where there is room; on a phone it may wrap ("2 Nov" over "2026"): kept
 * whole, it and the longest words of What and Rule made the table a few pixels wider than the card
 * at 390 px, and the lines scrolled sideways. A word is never broken.
 */
const dateCell = { whiteSpace: { xs: 'normal', sm: 'nowrap' } } as const;

/**
 * One employee's earnings statement for a run, as a branch hands it out on payday: who, which
 * branch and cutoff, the totals by kind, every line, and lines to sign. Only what is on the run;
 * a draft says so, since its figures may still change.
 */
export const Statement = ({ companyName, run, employee, lines, more, printedAt }: StatementProps) => (
  <Box sx={{ maxWidth: '186mm', mx: 'auto', '@media print': { maxWidth: 'none' } }}>
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Box>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {companyName}
        </Typography>
        <Typography variant="h5" component="h2">
          Earnings statement
        </Typography>
      </Box>
      <Box sx={{ textAlign: { sm: 'right' } }}>
        <Typography variant="body2">{run.location_name}</Typography>
        <Typography variant="body2">{periodLabel(run)}</Typography>
        <Typography variant="body2">{formatDateRange(run.date_from, run.date_to)}</Typography>
      </Box>
    </Box>
    {run.status === 'approved' ? null : (
      <Typography variant="body2" role="note" sx={{ border: 1, borderColor: 'warning.main', p: 1, mb: 2 }}>
        {RUN_STATUS_LABELS[run.status]}, not approved yet: these figures may still change.
      </Typography>
    )}
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
      <Box>
        {/* Under the statement's h2: subtitle2 alone renders an h6 (axe heading-order). */}
        <Typography variant="subtitle2" component="h3">
          {employee.employee_name}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {employee.employee_code ? `${employee.employee_code} · ` : ''}
          {employee.kind === 'therapist' ? 'Therapist' : employee.kind === 'salesperson' ? 'Salesperson' : 'Staff'}
        </Typography>
        {run.approved_at ? (
          <Typography variant="body2" color="textSecondary">
            Approved {formatDateTime(run.approved_at)}
          </Typography>
        ) : null}
      </Box>
      <Box aria-label="Totals" role="group">
        <Figure label="Services" value={formatPeso(employee.arrivals_total)} />
        <Figure label="Sales" value={formatPeso(employee.sales_total)} />
        <Figure label="Service charge share" value={formatPeso(employee.service_charge_total)} />
        <Figure label="Adjustments" value={formatPeso(employee.adjustments_total)} />
        <Box sx={{ borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.5 }}>
          <Figure label="Total earned" value={formatPeso(employee.total)} strong />
        </Box>
      </Box>
    </Box>
    {/* The card around the statement clips what overflows it: on a narrow phone the lines scroll
        sideways instead of losing the amount column; paper shows them whole. */}
    <Box
      role="region"
      aria-label="Statement lines, scrollable"
      tabIndex={0}
      sx={{ overflowX: 'auto', '@media print': { overflowX: 'visible' } }}
    >
      <Table size="small" aria-label="Statement lines" sx={{ '& th, & td': cell }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell align="right" sx={baseCell}>
              Base
            </TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} sx={{ breakInside: 'avoid' }}>
              <TableCell sx={dateCell}>{formatDate(line.date)}</TableCell>
              <TableCell>
                {SOURCE_LABELS[line.source]}: {line.description}
              </TableCell>
              <TableCell>
                {line.rule_label}
                {line.split > 1 ? ` · shared by ${line.split}` : ''}
              </TableCell>
              <TableCell align="right" sx={baseCell}>
                {line.base_amount === null ? '' : formatPeso(line.base_amount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPeso(line.amount)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            {/* Under date, what and rule; the base column's own empty cell comes and goes with it. A
                colSpan of 4 would span the Amount column where Base is hidden and push the total past
                a phone's edge (docs/decisions/0621). */}
            <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
              Total earned{more > 0 ? ` (${more} more lines not listed; see the pay run)` : ''}
            </TableCell>
            <TableCell sx={baseCell} />
            <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatPeso(employee.total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
    <Box
      sx={{ display: 'grid', gap: 4, gridTemplateColumns: '1fr 1fr', mt: 6, breakInside: 'avoid' }}
      aria-label="Signatures"
      role="group"
    >
      {['Received by', 'Released by'].map((label) => (
        <Box key={label} sx={{ borderTop: 1, pt: 0.5 }}>
          <Typography variant="caption">{label} (signature over printed name, date)</Typography>
        </Box>
      ))}
    </Box>
    <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 3 }}>
      Printed {formatDateTime(printedAt)} · Pay run #{run.id}
    </Typography>
  </Box>
);
