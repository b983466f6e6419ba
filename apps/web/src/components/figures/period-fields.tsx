import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CUTOFF_LABELS, MONTH_NAMES, recentYears } from '../../lib/period';

type PeriodFieldsProps = {
  month: number;
  year: number;
  cutoff?: number;
  onChange: (change: { month?: number; year?: number; cutoff?: number }) => void;
};

/** Month, year and (for the leaderboard) cutoff selects. */
export const PeriodFields = ({ month, year, cutoff, onChange }: PeriodFieldsProps) => {
  const years = recentYears();
  if (!years.includes(year)) years.push(year);
  return (
    <>
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Month"
        value={month}
        onChange={(e) => onChange({ month: Number(e.target.value) })}
        sx={{ minWidth: 140 }}
      >
        {MONTH_NAMES.map((name, i) => (
          <MenuItem key={name} value={i + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Year"
        value={year}
        onChange={(e) => onChange({ year: Number(e.target.value) })}
        sx={{ minWidth: 100 }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      {cutoff === undefined ? null : (
        <TextField
          select
          fullWidth={false}
          size="small"
          label="Cutoff"
          value={cutoff}
          onChange={(e) => onChange({ cutoff: Number(e.target.value) })}
          sx={{ minWidth: 140 }}
        >
          {[1, 2, 0].map((c) => (
            <MenuItem key={c} value={c}>
              {CUTOFF_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
};
