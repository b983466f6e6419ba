import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { StatusMessage } from '../../../components/status-message';
import { useSettingsData } from '../../../lib/settings';
import { useRun, useRunLines } from '../api/runs';
import { PrintArea } from './print-area';
import { Statement } from './statement';
import { LoadingBlock } from '../../../components/loading-block';

/** The most lines one statement lists (one page of the lines list); a run's screen has them all. */
const STATEMENT_LINES = 500;

/**
 * An employee's printable statement for a run (`…/runs/:runId/statement/:employeeId`): the page's
 * Print prints only the statement, on A4 (print-area.tsx). `runHref` is the run's screen to go back to.
 */
export const StatementScreen = ({ runHref }: { runHref: (run: number, employee: number) => string }) => {
  const params = useParams();
  const runId = Number(params.runId) || null;
  const employeeId = Number(params.employeeId) || null;
  const run = useRun(runId);
  const lines = useRunLines(employeeId ? runId : null, {
    employee: employeeId ? String(employeeId) : undefined,
    ordering: 'date,id',
    page: 1,
    pageSize: STATEMENT_LINES,
  });
  const settings = useSettingsData();
  const [printedAt] = useState(() => new Date());
  const employee = run.data?.employees.find((e) => e.employee === employeeId);
  const error = run.error ?? lines.error;

  let body;
  if (error && !(run.data && lines.data))
    body = (
      <LoadError
        title="The statement could not be loaded"
        error={error}
        onRetry={() => void Promise.all([run.mutate(), lines.mutate()])}
      />
    );
  else if (!run.data || !lines.data) body = <LoadingBlock label="Loading the statement" />;
  else if (!employee)
    body = (
      <StatusMessage
        icon={<PersonOffOutlined />}
        title="This person has no lines in this pay run"
        description="Open the run to see who earned what in it."
      />
    );
  else
    body = (
      <PrintArea label={`Earnings statement of ${employee.employee_name}`}>
        <Statement
          companyName={settings.data?.company_name ?? 'Ginhawa'}
          run={run.data}
          employee={employee}
          lines={lines.data.results}
          more={Math.max(0, lines.data.count - lines.data.results.length)}
          printedAt={printedAt}
        />
      </PrintArea>
    );

  return (
    <>
      <Box data-print="hide">
        <PageHeader
          title="Earnings statement"
          subtitle="What a branch hands out on payday. Print uses A4."
          action={
            <Stack direction="row" spacing={1}>
              {runId ? (
                <Button component={RouterLink} to={runHref(runId, employeeId ?? 0)} startIcon={<ArrowBackOutlined />}>
                  Pay run
                </Button>
              ) : null}
              <Button
                variant="contained"
                startIcon={<PrintOutlined />}
                disabled={!employee}
                onClick={() => window.print()}
              >
                Print
              </Button>
            </Stack>
          }
        />
      </Box>
      <Card>
        <CardContent>{body}</CardContent>
      </Card>
    </>
  );
};
