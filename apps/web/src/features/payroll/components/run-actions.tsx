import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PayRunDetail } from '@ginhawa/contract';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { ReturnDialog } from '../../../components/form/return-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { toApiError } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { useRevalidatePayroll } from '../api/payroll-keys';
import { approveRun, computeRun, returnRun, submitRun } from '../api/runs';
import { cutoffRunningNote, runTitle } from './run-labels';

type RunActionsProps = {
  run: PayRunDetail;
  /** Admins approve; a Manager submits and may compute again. */
  admin: boolean;
};

type Step = 'submit' | 'approve';

/**
 * What approving does, said before it is done: the run's lines are final, and what changes later
 * is paid as adjustments in the branch's next run (decision 0800, "Locked once approved").
 */
const ApprovalText = ({ run }: { run: PayRunDetail }) => (
  <>
    <Box component="span" sx={{ display: 'block' }}>
      {runTitle(run)}: {formatPeso(run.total)} to pay to {run.employee_count}{' '}
      {run.employee_count === 1 ? 'person' : 'people'}.
    </Box>
    <Box component="span" sx={{ display: 'block', mt: 1 }}>
      Approved lines are final: they are not computed again. A change that reaches this cutoff later (an arrival or sale
      added, changed or cancelled, a rule corrected) is paid as an adjustment in the branch&apos;s next run.
    </Box>
    {run.cutoff_running ? (
      <Box component="span" sx={{ display: 'block', mt: 1 }}>
        {cutoffRunningNote(run)}
      </Box>
    ) : null}
  </>
);

/**
 * What may be done with a run now: a draft or returned run is computed again and submitted; a
 * submitted one is approved (when the server says this reader may: `may_approve`) or returned with
 * a reason (Admins). An approved run is locked: nothing to do but read, export and print, so
 * Approve always asks first and says so. While the cutoff is still running, submitting asks
 * first too, and both say what becomes of the days left (decision 0800): one question each.
 */
export const RunActions = ({ run, admin }: RunActionsProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidatePayroll();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const [confirming, setConfirming] = useState<Step | null>(null);
  const open = run.status === 'draft' || run.status === 'returned';
  const steps = {
    submit: { label: 'Submit', write: () => submitRun(run.id), done: 'Pay run submitted for approval.' },
    approve: { label: 'Approve', write: () => approveRun(run.id), done: 'Pay run approved and locked.' },
  } as const;

  const act = async (write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await write();
      showSnackbar(done, 'success');
      await revalidate();
    } catch (error) {
      showSnackbar(toApiError(error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  const start = (step: Step) => {
    if (step === 'approve' || run.cutoff_running) setConfirming(step);
    else void act(steps[step].write, steps[step].done);
  };
  const recompute = () =>
    act(
      () => computeRun({ location: run.location, year: run.year, month: run.month, cutoff: run.cutoff }),
      'Pay run computed again from the latest arrivals, sales and rules.',
    );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-print="hide">
      {open ? (
        <>
          <Button variant="outlined" disabled={busy} onClick={() => void recompute()}>
            Compute again
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => start('submit')}>
            Submit for approval
          </Button>
        </>
      ) : null}
      {run.status === 'submitted' && admin ? (
        <>
          {run.may_approve ? (
            <Button variant="contained" color="success" disabled={busy} onClick={() => start('approve')}>
              Approve
            </Button>
          ) : null}
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReturning(true)}>
            Return
          </Button>
          {run.may_approve ? null : (
            <Typography variant="body2" color="textSecondary">
              You submitted this run; another administrator approves it.
            </Typography>
          )}
        </>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          title={confirming === 'submit' ? 'Submit the pay run for approval?' : 'Approve and lock the pay run?'}
          confirmLabel={steps[confirming].label}
          confirmColor="primary"
          onConfirm={async () => {
            await steps[confirming].write();
            showSnackbar(steps[confirming].done, 'success');
            await revalidate();
          }}
          onClose={() => setConfirming(null)}
        >
          {confirming === 'approve' ? <ApprovalText run={run} /> : `${runTitle(run)}. ${cutoffRunningNote(run)}`}
        </ConfirmDialog>
      ) : null}
      {returning ? (
        <ReturnDialog
          what="pay run"
          hint="The branch's managers see this, correct the run and submit it again."
          send={(reason) => returnRun(run.id, reason)}
          onReturned={revalidate}
          onClose={() => setReturning(false)}
        >
          {runTitle(run)} goes back to its branch to be corrected and submitted again.
        </ReturnDialog>
      ) : null}
    </Stack>
  );
};
