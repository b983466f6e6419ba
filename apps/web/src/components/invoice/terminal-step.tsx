import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '../../lib/api-client';
import { chooseDeskTerminal, toDeskTerminal, useActiveTerminals, type DeskTerminal } from '../../lib/desk-invoicing';
import { LoadingBlock } from '../loading-block';

/**
 * The step a money dialog shows before its form while invoicing is on and no terminal of the
 * sale's branch is chosen (decision 1010): pick one of the branch's active terminals. With no
 * terminal on this device yet it becomes the device's (journalled); a terminal chosen for another
 * branch's sale serves that sale only.
 */
export const TerminalStep = ({
  location,
  locationName,
  device,
  onChosen,
}: {
  location: number;
  locationName?: string;
  /** The device's terminal, if it has one (then of another branch). */
  device: DeskTerminal | null;
  onChosen: (terminal: DeskTerminal) => void;
}) => {
  const terminals = useActiveTerminals(location);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = terminals.data?.results ?? [];
  const picked = rows.find((t) => String(t.id) === choice) ?? (rows.length === 1 ? rows[0] : undefined);
  const where = locationName ?? rows[0]?.location_name ?? 'this branch';

  const use = async () => {
    if (!picked) {
      setError('Choose the terminal this sale is issued from.');
      return;
    }
    const chosen = toDeskTerminal(picked);
    setSaving(true);
    setError(null);
    try {
      // The device's first terminal is remembered; one for another branch's sale serves that sale only.
      if (device === null) await chooseDeskTerminal(chosen);
      onChosen(chosen);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  if (terminals.data === undefined && !terminals.error) return <LoadingBlock label="Loading the terminals" />;
  return (
    <Stack spacing={2} component="section" aria-label="This desk’s terminal">
      <Typography variant="body2">
        {device === null
          ? 'Invoicing is on: every sale is issued an invoice from this desk’s terminal. Choose it once; this device remembers it.'
          : `This device issues from ${device.name} at ${device.location_name}. Choose a terminal of ${where} for this sale.`}
      </Typography>
      {terminals.error ? <Alert severity="error">{getErrorMessage(terminals.error)}</Alert> : null}
      {rows.length === 0 && !terminals.error ? (
        <Alert severity="warning">{`${where} has no active terminal. An Admin adds one in Settings → Tax and invoices.`}</Alert>
      ) : (
        <TextField
          select
          label="Terminal"
          required
          value={picked ? String(picked.id) : ''}
          onChange={(e) => setChoice(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? `The terminals of ${where}.`}
          disabled={saving}
        >
          {rows.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button
        variant="contained"
        onClick={() => void use()}
        disabled={saving || rows.length === 0}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        Use this terminal
      </Button>
    </Stack>
  );
};
