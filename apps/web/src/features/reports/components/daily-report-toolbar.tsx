import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { CsvLink } from '../../../components/figures/csv-link';
import { listedValue } from '../../../lib/options';
import { REPORTS_PATH } from '../api/reports-keys';
import { DateField } from './date-field';

type DailyReportToolbarProps = {
  date: string;
  location: number | null;
  /** The locations to choose from (all of them for Admins, one's own for Managers). */
  locations: readonly { id: number; name: string }[] | undefined;
  onChange: (change: { date?: string; location?: number | null }) => void;
  /** Import sales for the chosen day; off while no location is chosen or the day is locked. */
  importDisabled: boolean;
  onImport: () => void;
};

/** The day and location of a daily report, its CSV and the sales import. */
export const DailyReportToolbar = ({
  date,
  location,
  locations,
  onChange,
  importDisabled,
  onImport,
}: DailyReportToolbarProps) => (
  <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
    <DateField value={date} onChange={(value) => value && onChange({ date: value })} />
    <TextField
      select
      fullWidth={false}
      size="small"
      label="Location"
      {...listedValue({ value: location ?? '' }, locations)}
      onChange={(e) => onChange({ location: Number(e.target.value) || null })}
      sx={{ minWidth: 200 }}
    >
      {(locations ?? []).map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
    <Box sx={{ flexGrow: 1 }} />
    {/* The chosen location's figures only; every location's with none chosen. */}
    <CsvLink path={`${REPORTS_PATH}get-daily-sales-report/`} params={{ date, location }} />
    <Button variant="outlined" startIcon={<UploadFileOutlined />} disabled={importDisabled} onClick={onImport}>
      Import sales
    </Button>
  </Stack>
);
