import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { journalTextQuerySchema, todayInManila } from '@ginhawa/contract';
import { DateField } from '../../../components/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { journalTextHref, useAllTerminals } from '../api/journal';

/**
 * "The journal as text" (decision 1024): one terminal's entries of a range of days, each line with the
 * hashes that chain it, for an examiner to read and check without the app. This month so far by default.
 */
export const JournalDownload = () => {
  const terminals = useAllTerminals();
  const today = todayInManila();
  const [terminal, setTerminal] = useState('');
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const query = { terminal, date_from: from, date_to: to };
  const parsed = journalTextQuerySchema.safeParse(query);
  const rangeError = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'date_to' || issue.path[0] === 'date_from')?.message;

  return (
    <Box component="section" aria-labelledby="journal-text-title" sx={{ display: 'grid', gap: 1.5, mt: 3 }}>
      <Typography id="journal-text-title" variant="subtitle1" component="h3">
        The journal as text
      </Typography>
      <Typography variant="body2" color="textSecondary">
        One terminal&apos;s entries of the days chosen, one per line, each with the hashes that seal it to the one
        before: what an examiner asks for.
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Terminal"
          value={terminal}
          onChange={(e) => setTerminal(e.target.value)}
          error={Boolean(terminals.error)}
          helperText={terminals.error ? getErrorMessage(terminals.error) : undefined}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            {terminals.data ? 'Choose a terminal' : 'Loading the terminals…'}
          </MenuItem>
          {(terminals.data?.results ?? []).map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {`${t.name} · ${t.location_name}${t.is_active ? '' : ' (inactive)'}`}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          label="From"
          size="small"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 180px' } }}
        />
        <DateField
          label="To"
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(rangeError)}
          helperText={rangeError}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 180px' } }}
        />
      </Stack>
      <Box>
        {parsed.success ? (
          <Button
            component="a"
            href={journalTextHref(query)}
            download
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
          >
            Download the journal
          </Button>
        ) : (
          // Nothing to download until a terminal and a range are chosen: a button, not a link to nowhere.
          <Button variant="outlined" disabled startIcon={<FileDownloadOutlined />}>
            Download the journal
          </Button>
        )}
      </Box>
    </Box>
  );
};
