import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { documentVoidBodySchema } from '@ginhawa/contract';
import { DialogTitleBar } from '../../../components/form/dialog-title-bar';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { useSnackbar } from '../../../components/snackbar-provider';
import { requestVoid, useDocument, useRevalidateDocuments, voidDocument } from '../api/documents';
import { CreditMemoDialog } from './documents-credit-memo';
import { DocumentView } from './documents-view';

/**
 * One document opened from the Documents list: its printed read, and for the branch's Managers and
 * Admins (`canCorrect`) Void (the same day, before the Z reading: the server says when it is too
 * late, "… use a credit memo") and Credit memo; the desk asks for a void instead (decision 1016).
 * Print prints the read as the browser shows it.
 */
export const DocumentDetail = ({
  id,
  canCorrect,
  onOpen,
  onClose,
}: {
  id: number;
  canCorrect: boolean;
  /** Opens another document (the credit memo just issued). */
  onOpen: (id: number) => void;
  onClose: () => void;
}) => {
  const { data, error, mutate } = useDocument(id);
  const [asking, setAsking] = useState<'void' | 'request' | 'credit' | null>(null);
  const revalidate = useRevalidateDocuments();
  const { showSnackbar } = useSnackbar();
  const voidable = data?.kind === 'invoice' && !data.voided_at;
  const correctable = canCorrect && voidable;
  const title = data ? `${data.snapshot.title} ${data.document_no}` : 'Document';
  return (
    <>
      <ResponsiveDialog onClose={onClose} labelledBy="document-title" maxWidth="sm">
        <DialogTitleBar id="document-title" title={title} onClose={onClose} />
        <DialogContent dividers>
          {data ? (
            <DocumentView document={data} />
          ) : error ? (
            <LoadError title="The document could not be loaded" error={error} onRetry={() => void mutate()} />
          ) : (
            <LoadingBlock label="Loading the document" />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {correctable ? (
            <>
              <Button color="error" onClick={() => setAsking('void')}>
                Void
              </Button>
              <Button onClick={() => setAsking('credit')}>Credit memo</Button>
            </>
          ) : voidable ? (
            <Button color="error" onClick={() => setAsking('request')}>
              Ask to void
            </Button>
          ) : null}
          <Box sx={{ flex: '1 1 auto' }} />
          <Button onClick={() => window.print()} disabled={!data}>
            Print
          </Button>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </ResponsiveDialog>
      {asking === 'void' && data ? (
        <ReasonDialog
          title={`Void ${data.document_no}?`}
          confirmLabel="Void"
          maxLength={300}
          hint="Printed on the voided document and kept in the journal."
          parse={(reason) => documentVoidBodySchema.safeParse({ reason })}
          onConfirm={(body) => voidDocument(data.id, body)}
          onDone={async () => {
            showSnackbar(`${data.document_no} is voided.`, 'success');
            await revalidate();
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        >
          The number stays used and the document prints VOID. Its sale lines are taken off the day, what it sold is
          cancelled, and a visit&apos;s bill opens again to be checked out afresh.
        </ReasonDialog>
      ) : null}
      {asking === 'request' && data ? (
        <ReasonDialog
          title={`Ask to void ${data.document_no}?`}
          confirmLabel="Send request"
          maxLength={300}
          hint="The branch's managers and the administrators read it."
          parse={(reason) => documentVoidBodySchema.safeParse({ reason })}
          onConfirm={(body) => requestVoid(data.id, body)}
          onDone={(result) => {
            showSnackbar(result.message, 'success');
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        >
          A manager of the branch or an administrator approves it; their approval voids the invoice, as long as its day
          is still open at its terminal.
        </ReasonDialog>
      ) : null}
      {asking === 'credit' && data ? (
        <CreditMemoDialog
          invoice={data}
          onClose={() => setAsking(null)}
          onDone={async (memo) => {
            showSnackbar(`Credit memo ${memo.document_no} issued.`, 'success');
            await revalidate();
            setAsking(null);
            onOpen(memo.id);
          }}
        />
      ) : null}
    </>
  );
};
