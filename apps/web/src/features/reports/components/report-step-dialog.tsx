import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateReports } from '../api/reports-keys';

type ReportStepDialogProps = {
  title: string;
  /** What the step does to the day, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Sends the step; a refusal keeps the dialog open with the server's message. */
  send: () => Promise<unknown>;
  /** Said once the server agreed (e.g. "Day reopened."). */
  done: string;
  onClose: () => void;
};

/**
 * Asks before a step on a submitted report that needs only a second look (approving, reopening);
 * once the server agrees, says so and reads the reports again. Rendered means open.
 */
export const ReportStepDialog = ({ title, children, confirmLabel, send, done, onClose }: ReportStepDialogProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      confirmColor="primary"
      onConfirm={async () => {
        await send();
        showSnackbar(done, 'success');
        await revalidate();
      }}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
};
