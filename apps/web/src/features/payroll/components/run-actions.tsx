import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { payRunReturnBodySchema, type PayRunDetail } from '@ginhawa/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { toApiError } from '../../../lib/api-client';
import { useRevalidatePayroll } from '../api/payroll-keys';
import { approveRun, computeRun, returnRun, submitRun } from '../api/runs';
import { runTitle } from './run-labels';

const REASON_MAX = 500;

type RunActionsProps = {
  run: PayRunDetail;
  /** Admins approve; a Manager submits and may compute again. */
  admin: boolean;
};

/**
 * What may be done with a run now: a draft or returned run is computed again and submitted; a
 * submitted one is approved or returned with a reason (Admins; the server decides who may). An
 * approved run is locked: nothing to do but read, export and print.
 */
export const RunActions = ({ run, admin }: RunActionsProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidatePayroll();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const open = run.status === 'draft' || run.status === 'returned';

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
  const recompute = () =>
    act(
      () => computeRun({ location: run.location, year: run.year, month: run.month, cutoff: run.cutoff }),
      'Pay run computed again from the latest arrivals, sales and rules.',
    );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-print="hide">
      {open ? (
        <>
          <Button variant="outlined" disabled={busy} onClick={() => void recompute()}>
            Compute again
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void act(() => submitRun(run.id), 'Pay run submitted for approval.')}
          >
            Submit for approval
          </Button>
        </>
      ) : null}
      {run.status === 'submitted' && admin ? (
        <>
          <Button
            variant="contained"
            color="success"
            disabled={busy}
            onClick={() => void act(() => approveRun(run.id), 'Pay run approved and locked.')}
          >
            Approve
          </Button>
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReturning(true)}>
            Return
          </Button>
        </>
      ) : null}
      {returning ? (
        <ReasonDialog
          title="Return the pay run"
          confirmLabel="Return"
          maxLength={REASON_MAX}
          hint="The branch's managers see this, correct the run and submit it again."
          parse={(reason) => payRunReturnBodySchema.safeParse({ reason })}
          onConfirm={(body) => returnRun(run.id, body.reason)}
          onDone={async () => {
            setReturning(false);
            showSnackbar('Pay run returned.', 'success');
            await revalidate();
          }}
          onClose={() => setReturning(false)}
        >
          {runTitle(run)} goes back to its branch to be corrected and submitted again.
        </ReasonDialog>
      ) : null}
    </Stack>
  );
};
