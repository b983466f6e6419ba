import { useState } from 'react';
import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { InvoiceDocument } from '@ginhawa/contract';
import { getErrorMessage } from '../../lib/api-client';
import { reprintDocument } from '../../lib/desk-invoicing';
import { ResponsiveDialog } from '../form/responsive-dialog';
import { useSnackbar } from '../snackbar-provider';
import { invoiceText, printedLines, type Copy } from './invoice-lines';
import { invoicePdf } from './invoice-pdf';
import { InvoiceView, PaperChoice, type Paper } from './invoice-view';

/** The class of the copy that prints: kept out of the page on screen, the only thing on paper. */
export const PRINT_ROOT = 'invoice-print-root';

/**
 * Print CSS (decision 1012): on paper only the document, on the size chosen: an 80 mm roll (72 mm
 * printed, the roll's usual printable width) or A4 with 15 mm margins.
 */
export const PrintStyles = ({ paper }: { paper: Paper }) => (
  <GlobalStyles
    styles={{
      [`.${PRINT_ROOT}`]: { display: 'none' },
      '@media print': {
        '@page': paper === '80mm' ? { size: '80mm 297mm', margin: '4mm' } : { size: 'A4', margin: '15mm' },
        [`body > *:not(.${PRINT_ROOT})`]: { display: 'none !important' },
        [`.${PRINT_ROOT}`]: { display: 'block', color: '#000', background: '#fff' },
        body: { background: '#fff' },
      },
    }}
  />
);

/** The copy that goes to the printer: a sibling of the app under <body>, so no dialog clips it. */
export const PrintCopy = ({ document: doc, copy, paper }: { document: InvoiceDocument; copy: Copy; paper: Paper }) =>
  createPortal(
    <div className={PRINT_ROOT} aria-hidden="true">
      <InvoiceView document={doc} copy={copy} paper={paper} />
    </div>,
    document.body,
  );

const download = (bytes: Uint8Array, name: string) => {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * The document after a sale (it replaces the receipt) or opened from Documents: shown as printed,
 * printed on an 80 mm roll or A4, downloaded as a PDF, copied as text. The first print or PDF of a
 * document just issued is the original; every later one is a REPRINT, journalled first (decision
 * 1013). `printed` says a copy already went out (a document opened from Documents).
 */
export const InvoiceDialog = ({
  document: doc,
  printed = false,
  title,
  summary,
  onClose,
}: {
  document: InvoiceDocument;
  printed?: boolean;
  /** Above the document on screen, e.g. "Checked out"; the document's own title by default. */
  title?: string;
  /** A line for the desk above the document, not printed: "Change ₱200.00". */
  summary?: string;
  onClose: () => void;
}) => {
  const [paper, setPaper] = useState<Paper>('80mm');
  const [copy, setCopy] = useState<Copy>({ reprint: null });
  const [issuedCopies, setIssuedCopies] = useState(printed ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { showSnackbar } = useSnackbar();

  /** The copy about to go out: the original first, then a journalled reprint. */
  const nextCopy = async (): Promise<Copy | null> => {
    if (issuedCopies === 0) return { reprint: null };
    try {
      const answer = await reprintDocument(doc.id);
      return { reprint: answer.reprints };
    } catch (e) {
      setError(`The reprint could not be recorded: ${getErrorMessage(e)}`);
      return null;
    }
  };

  const out = async (how: 'print' | 'pdf') => {
    setBusy(true);
    setError(null);
    try {
      const next = await nextCopy();
      if (!next) return;
      setCopy(next);
      setIssuedCopies((n) => n + 1);
      if (how === 'print') {
        // Let React put the marked copy in the page before the print dialog freezes it.
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        window.print();
      } else {
        const bytes = await invoicePdf(printedLines(doc, next), paper, `${doc.snapshot.title} ${doc.document_no}`);
        download(bytes, `${doc.document_no}${next.reprint ? `-reprint-${next.reprint}` : ''}.pdf`);
      }
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(invoiceText(printedLines(doc, copy)));
      showSnackbar('Invoice copied; paste it into a message to the client.', 'success');
    } catch {
      showSnackbar('The invoice could not be copied; select the text and copy it.', 'error');
    }
  };

  return (
    <ResponsiveDialog onClose={onClose} busy={busy} maxWidth="sm" labelledBy="invoice-dialog-title">
      <PrintStyles paper={paper} />
      <PrintCopy document={doc} copy={copy} paper={paper} />
      <DialogTitle id="invoice-dialog-title">{title ?? `${doc.snapshot.title} ${doc.document_no}`}</DialogTitle>
      <DialogContent>
        <PaperChoice id="invoice-paper-label" paper={paper} onChange={setPaper} />
        {summary ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {summary}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Box
          sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 }, bgcolor: '#fff' }}
        >
          <InvoiceView document={doc} copy={copy} paper={paper} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copyText()} disabled={busy} sx={{ minHeight: 44 }}>
          Copy as text
        </Button>
        <Button onClick={() => void out('pdf')} disabled={busy} sx={{ minHeight: 44 }}>
          {issuedCopies > 0 ? 'PDF (reprint)' : 'Download PDF'}
        </Button>
        <Button variant="outlined" onClick={() => void out('print')} disabled={busy} sx={{ minHeight: 44 }}>
          {issuedCopies > 0 ? 'Reprint' : 'Print'}
        </Button>
        <Button variant="contained" onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          Done
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
};
