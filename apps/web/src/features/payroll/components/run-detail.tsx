import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Link as RouterLink } from 'react-router';
import type { PayRunDetail, PayRunEmployee } from '@ginhawa/contract';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable, type FigureColumn } from '../../../components/figures/figure-table';
import { LoadError } from '../../../components/load-error';
import { formatDateTime, formatPeso } from '../../../lib/format';
import { runLinesPath, useRun } from '../api/runs';
import { EmployeeLines } from './employee-lines';
import { RunActions } from './run-actions';
import { RunStatusChip, cutoffRunningNote, runTitle } from './run-labels';
import { LoadingBlock } from '../../../components/loading-block';
import { StatusMessage } from '../../../components/status-message';

type RunDetailProps = {
  runId: number;
  employee: number | null;
  admin: boolean;
  /** Where an employee's printable statement opens. */
  statementHref: (run: number, employee: number) => string;
};

const KIND_LABELS = { therapist: 'Therapist', salesperson: 'Salesperson', receptionist: 'Receptionist' } as const;

const EmployeesTable = ({
  run,
  statementHref,
}: {
  run: PayRunDetail;
  statementHref: RunDetailProps['statementHref'];
}) => {
  // A phone shows the name and total; the role, the parts of the total and the statement are
  // written under the name, so nothing is out of sight to the side (docs/decisions/0644).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const name = (e: PayRunEmployee) => (
    <Link component={RouterLink} to={`?run=${run.id}&employee=${e.employee}`}>
      {e.employee_name}
    </Link>
  );
  const statement = (e: PayRunEmployee) => (
    <Link component={RouterLink} to={statementHref(run.id, e.employee)}>
      Statement
    </Link>
  );
  const total: FigureColumn<PayRunEmployee> = {
    label: 'Total',
    align: 'right',
    render: (e) => <strong>{formatPeso(e.total)}</strong>,
  };
  const columns: FigureColumn<PayRunEmployee>[] = phone
    ? [
        {
          label: 'Employee',
          wrap: true,
          render: (e) => (
            <>
              {name(e)}
              <Typography variant="caption" color="textSecondary" component="div">
                {KIND_LABELS[e.kind]} · Services {formatPeso(e.arrivals_total)} · Sales {formatPeso(e.sales_total)}
                {' · '}Service charge {formatPeso(e.service_charge_total)} · Adjustments{' '}
                {formatPeso(e.adjustments_total)}
              </Typography>
              <Typography variant="caption" component="div">
                {statement(e)}
              </Typography>
            </>
          ),
        },
        total,
      ]
    : [
        { label: 'Employee', render: name },
        // The total beside the name (decision 0620).
        total,
        { label: 'Role', render: (e) => KIND_LABELS[e.kind] },
        { label: 'Services', align: 'right', render: (e) => formatPeso(e.arrivals_total) },
        { label: 'Sales', align: 'right', render: (e) => formatPeso(e.sales_total) },
        { label: 'Service charge', align: 'right', render: (e) => formatPeso(e.service_charge_total) },
        { label: 'Adjustments', align: 'right', render: (e) => formatPeso(e.adjustments_total) },
        { label: 'Statement', render: statement },
      ];
  return (
    <FigureTable<PayRunEmployee>
      label={`Earnings by employee, ${runTitle(run)}`}
      rows={run.employees}
      rowKey={(e) => e.employee}
      empty="Nobody earned anything in this cutoff: no arrivals, sales or service charge at this branch."
      columns={columns}
      footer={['Total', formatPeso(run.total)]}
    />
  );
};

/** A run's header: status, total, who did what when, the return reason. */
const RunSummary = ({ run }: { run: PayRunDetail }) => (
  <Stack spacing={1} sx={{ mb: 2 }}>
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">
        {runTitle(run)}
      </Typography>
      <RunStatusChip status={run.status} />
    </Stack>
    <Typography variant="body2" color="textSecondary">
      {formatPeso(run.total)} to {run.employee_count} {run.employee_count === 1 ? 'person' : 'people'} from{' '}
      {run.line_count} {run.line_count === 1 ? 'line' : 'lines'}
      {Number(run.service_charge_pool) > 0 ? `, service charge pool ${formatPeso(run.service_charge_pool)}` : ''}.
      Computed {formatDateTime(run.computed_at)}
      {run.approved_at ? `; approved ${formatDateTime(run.approved_at)}, locked` : ''}.
    </Typography>
    {run.cutoff_running ? <Alert severity="info">{cutoffRunningNote(run)}</Alert> : null}
    {run.status === 'returned' && run.return_reason ? (
      <Alert severity="warning">Returned: {run.return_reason}</Alert>
    ) : null}
  </Stack>
);

/** One run: its employees with totals, or one employee's lines; compute again, submit, decide, export. */
export const RunDetail = ({ runId, employee, admin, statementHref }: RunDetailProps) => {
  const run = useRun(runId);
  let body;
  if (run.error && !run.data)
    body = <LoadError title="The pay run could not be loaded" error={run.error} onRetry={() => void run.mutate()} />;
  else if (!run.data) body = <LoadingBlock label="Loading the pay run" />;
  else {
    const chosen = run.data.employees.find((e) => e.employee === employee) ?? null;
    if (employee && !chosen)
      body = (
        <>
          <RunSummary run={run.data} />
          <StatusMessage
            icon={<PersonSearchOutlined />}
            title="No such employee in this pay run"
            description="This run pays nobody by that link: they earned nothing in this cutoff, or the link is wrong. All employees of this run, above, lists everyone it pays."
          />
        </>
      );
    else
      body = (
        <>
          <RunSummary run={run.data} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <RunActions run={run.data} admin={admin} />
            <Box sx={{ flexGrow: 1 }} />
            <CsvLink
              path={runLinesPath(run.data.id)}
              params={{ employee: chosen?.employee, pageSize: 500 }}
              label={chosen ? 'Export their lines' : 'Export CSV'}
            />
          </Stack>
          {chosen ? (
            <EmployeeLines run={run.data} employee={chosen} statementHref={statementHref} />
          ) : (
            <EmployeesTable run={run.data} statementHref={statementHref} />
          )}
        </>
      );
  }
  return (
    <Card>
      <CardContent>
        <Link
          component={RouterLink}
          to={employee ? `?run=${runId}` : '?'}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}
        >
          <ArrowBackOutlined fontSize="small" />
          {employee ? 'All employees of this run' : 'All pay runs'}
        </Link>
        {body}
      </CardContent>
    </Card>
  );
};
