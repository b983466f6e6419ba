import type { ReactNode } from 'react';
import { RETURN_REASON_MAX, returnBodySchema } from '@ginhawa/contract';
import { useSnackbar } from '../snackbar-provider';
import { ReasonDialog } from './reason-dialog';

type ReturnDialogProps = {
  /** The record returned, as its messages name it: "pay run", "report". */
  what: string;
  /** Who reads the reason, under the field. */
  hint: string;
  /** What happens to it, in a sentence ("Makati, 29 Nov 2026 goes back to its branch…"). */
  children: ReactNode;
  /** Sends the reason (trimmed, checked by the contract's rule first). */
  send: (reason: string) => Promise<unknown>;
  /** After the server agreed and the dialog closed (revalidate what shows the record). */
  onReturned: () => Promise<unknown> | void;
  onClose: () => void;
};

/**
 * "Return with a reason", the one dialog for a submitted pay run and a submitted daily report:
 * "Return the pay run", the reason required with its limit, then "Pay run returned." (issue 36).
 */
export const ReturnDialog = ({ what, hint, children, send, onReturned, onClose }: ReturnDialogProps) => {
  const { showSnackbar } = useSnackbar();
  const schema = returnBodySchema(what);
  return (
    <ReasonDialog
      title={`Return the ${what}`}
      confirmLabel="Return"
      maxLength={RETURN_REASON_MAX}
      hint={hint}
      parse={(reason) => schema.safeParse({ reason })}
      onConfirm={(body) => send(body.reason)}
      onDone={async () => {
        onClose();
        showSnackbar(`${what.charAt(0).toUpperCase()}${what.slice(1)} returned.`, 'success');
        await onReturned();
      }}
      onClose={onClose}
    >
      {children}
    </ReasonDialog>
  );
};
