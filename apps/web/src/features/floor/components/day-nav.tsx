import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useSearchParams } from 'react-router';
import { addDays, calendarDateSchema } from '@ginhawa/contract';

/**
 * The day the board shows, kept in `?date=YYYY-MM-DD` so a reload or a shared link opens the same
 * day; absent means today (the server's Manila today). Going to today drops the parameter.
 */
export const useFloorDay = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw !== null && calendarDateSchema.safeParse(raw).success ? raw : undefined;
  const go = (next: string | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('date', next);
      else updated.delete('date');
      return updated;
    });
  return { date, go };
};

type DayNavProps = {
  /** The day on the board. */
  shown: string;
  /** Manila's today, by the board's clock. */
  today: string;
  onGo: (date: string | undefined) => void;
};

/** Previous day, the day itself (a date field to jump to any day), next day and Today. */
export const DayNav = ({ shown, today, onGo }: DayNavProps) => {
  const go = (date: string) => onGo(date === today ? undefined : date);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label="Previous day" onClick={() => go(addDays(shown, -1))}>
        <ChevronLeft />
      </IconButton>
      <TextField
        type="date"
        size="small"
        label="Day"
        fullWidth={false}
        value={shown}
        onChange={(e) => (calendarDateSchema.safeParse(e.target.value).success ? go(e.target.value) : undefined)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 160 }}
      />
      <IconButton aria-label="Next day" onClick={() => go(addDays(shown, 1))}>
        <ChevronRight />
      </IconButton>
      <Button onClick={() => onGo(undefined)} disabled={shown === today}>
        Today
      </Button>
    </Stack>
  );
};
