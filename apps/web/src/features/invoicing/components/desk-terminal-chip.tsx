import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { getErrorMessage } from '../../../lib/api-client';
import {
  chooseDeskTerminal,
  rememberDeskTerminal,
  toDeskTerminal,
  useActiveTerminals,
  useDeskInvoicing,
  useDeskTerminal,
} from '../../../lib/desk-invoicing';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';

/** A Manager or Admin may change a device's terminal once chosen; anyone picks the first (decision 1010). */
export const mayChangeTerminal = (groups: readonly string[]) =>
  groups.includes(ADMIN_GROUP) || groups.includes(MANAGER_GROUP);

const ChooseTerminalDialog = ({
  reach,
  current,
  onClose,
}: {
  /** The branches the person works at; null: every branch (Admins and Managers). */
  reach: readonly number[] | null;
  current: number | null;
  onClose: () => void;
}) => {
  const terminals = useActiveTerminals();
  const rows = (terminals.data?.results ?? []).filter((t) => reach === null || reach.includes(t.location));
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const picked = rows.find((t) => String(t.id) === choice);
    if (!picked) {
      setError('Choose this desk’s terminal.');
      return;
    }
    setSaving(true);
    try {
      await chooseDeskTerminal(toDeskTerminal(picked));
      onClose();
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ResponsiveDialog onClose={onClose} busy={saving} maxWidth="xs" labelledBy="desk-terminal-title">
      <DialogTitle id="desk-terminal-title">This desk’s terminal</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            Every invoice this device issues names its terminal and takes the terminal’s next number. This device
            remembers the choice.
          </Typography>
          <TextField
            select
            label="Terminal"
            required
            value={rows.some((t) => String(t.id) === choice) ? choice : ''}
            onChange={(e) => setChoice(e.target.value)}
            error={Boolean(error) || Boolean(terminals.error)}
            helperText={
              error ??
              (terminals.error
                ? getErrorMessage(terminals.error)
                : terminals.data && rows.length === 0
                  ? 'No active terminal at your branches: an Admin adds one in Settings → Tax and invoices.'
                  : undefined)
            }
            disabled={saving}
          >
            {rows.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {`${t.name} · ${t.location_name}`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving} sx={{ minHeight: 44 }}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} sx={{ minHeight: 44 }}>
          Use this terminal
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
};

/**
 * The desk's terminal chip (issue 33; decision 1010): which terminal this device is, shown while
 * invoicing is on. Anyone picks the first; then only a Manager or Admin changes it (for the others
 * the chip is not a button). A terminal since deactivated, or of a branch the person no longer
 * works at, is forgotten, so the next sale asks.
 */
export const DeskTerminalChip = ({
  groups,
  locations,
}: {
  groups: readonly string[];
  locations: readonly { id: number }[];
}) => {
  const desk = useDeskInvoicing();
  const device = useDeskTerminal();
  const [open, setOpen] = useState(false);
  const manager = mayChangeTerminal(groups);
  const reach = manager ? null : locations.map((l) => l.id);
  const on = desk.data?.invoicing === 'on';
  const terminals = useActiveTerminals(undefined, on);
  const list = on ? terminals.data?.results : undefined;

  useEffect(() => {
    if (!device || !list) return;
    const still = list.find((t) => t.id === device.id);
    if (!still || (reach !== null && !reach.includes(still.location))) rememberDeskTerminal(null);
    else if (still.name !== device.name || still.location_name !== device.location_name)
      rememberDeskTerminal(toDeskTerminal(still));
  }, [device, list, reach]);

  if (!on) return null;
  const label = device ? `${device.name} · ${device.location_name}` : 'Choose this desk’s terminal';
  const changeable = device === null || manager;
  return (
    <>
      {changeable ? (
        <Chip
          icon={<PointOfSaleOutlined />}
          label={label}
          color={device ? 'default' : 'warning'}
          variant="outlined"
          onClick={() => setOpen(true)}
          aria-label={device ? `Terminal: ${label}. Change it` : label}
          sx={{ minHeight: 36, maxWidth: '100%' }}
        />
      ) : (
        <Tooltip title="Ask a Manager to change this desk’s terminal.">
          <Chip
            icon={<PointOfSaleOutlined />}
            label={label}
            variant="outlined"
            aria-label={`Terminal: ${label}`}
            tabIndex={0}
            sx={{ minHeight: 36, maxWidth: '100%' }}
          />
        </Tooltip>
      )}
      {open ? <ChooseTerminalDialog reach={reach} current={device?.id ?? null} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
