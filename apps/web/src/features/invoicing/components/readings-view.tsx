import { useState } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { Reading } from '@ginhawa/contract';
import { DialogTitleBar } from '../../../components/form/dialog-title-bar';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { useReading } from '../api/readings';
import { PaperChoice, PRINT_ROOT, PrintStyles, PrintedLinesView, type Paper } from './invoice-view';
import { readingLines, readingName } from './readings-lines';

/** The copy that goes to the printer, under <body> as the invoice's is, so no dialog clips it. */
const PrintedReading = ({ reading, paper }: { reading: Reading; paper: Paper }) =>
  createPortal(
    <div className={PRINT_ROOT} aria-hidden="true">
      <PrintedLinesView lines={readingLines(reading)} label={readingName(reading)} paper={paper} />
    </div>,
    document.body,
  );

/**
 * One reading opened from the Readings list, or just taken: read back as it was made (`GET
 * …/readings/{id}/`, byte for byte) and shown as it prints; Print sends it to an 80 mm roll or A4
 * with the invoice's print CSS (decisions 1012, 1030). Making it was the journal entry (decision 1020):
 * printing it again records nothing.
 */
export const ReadingDialog = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const { data, error, mutate } = useReading(id);
  const [paper, setPaper] = useState<Paper>('80mm');
  const title = data ? readingName(data) : 'Reading';
  return (
    <ResponsiveDialog onClose={onClose} labelledBy="reading-title" maxWidth="sm">
      <PrintStyles paper={paper} />
      {data ? <PrintedReading reading={data} paper={paper} /> : null}
      <DialogTitleBar id="reading-title" title={title} onClose={onClose} />
      <DialogContent dividers>
        {data ? (
          <>
            <PaperChoice id="reading-paper-label" paper={paper} onChange={setPaper} />
            <Box
              sx={{
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 1,
                p: { xs: 1.5, sm: 2 },
                bgcolor: '#fff',
              }}
            >
              <PrintedLinesView lines={readingLines(data)} label={data.snapshot.title} paper={paper} />
            </Box>
          </>
        ) : error ? (
          <LoadError title="The reading could not be loaded" error={error} onRetry={() => void mutate()} />
        ) : (
          <LoadingBlock label="Loading the reading" />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => window.print()} disabled={!data} sx={{ minHeight: 44 }}>
          Print
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
          Close
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
};
