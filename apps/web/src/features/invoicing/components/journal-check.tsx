import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { JournalVerification } from '@ginhawa/contract';
import { getErrorMessage } from '../../../lib/api-client';
import { verifyJournal } from '../api/journal';

/** "Check the journal": the server walks every terminal's hash chain and says whether it is whole. */
export const JournalCheck = () => {
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<JournalVerification | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleCheck = async () => {
    setChecking(true);
    setError(null);
    try {
      setResult(await verifyJournal());
    } catch (err) {
      setResult(null);
      setError(getErrorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="textSecondary">
        Every document, reading and change to a terminal is written to its journal, each entry sealed with the one
        before it. Checking reads every entry again and finds one changed or removed.
      </Typography>
      <Box>
        <Button
          variant="outlined"
          onClick={() => void handleCheck()}
          disabled={checking}
          startIcon={checking ? <CircularProgress size={16} color="inherit" aria-label="Checking" /> : null}
        >
          Check the journal
        </Button>
      </Box>
      <Box aria-live="polite">
        {error ? <Alert severity="error">{error}</Alert> : null}
        {result?.ok ? (
          <Alert severity="success">
            The journal is whole: {result.entries.toLocaleString('en-PH')} {result.entries === 1 ? 'entry' : 'entries'}{' '}
            checked.
          </Alert>
        ) : null}
        {result && !result.ok && result.first_bad_entry ? (
          <Alert severity="error">
            Entry {result.first_bad_entry.seq} of terminal {result.first_bad_entry.terminal} is not as it was written:{' '}
            {result.first_bad_entry.reason} Tell your accountant before anything else is changed.
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
};
