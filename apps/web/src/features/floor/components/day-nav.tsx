import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useSearchParams } from 'react-router';
import { addDays, calendarDateSchema } from '@ginhawa/contract';
import { DateField } from '../../../components/date-field';

/** One of the board's search params and its setter (undefined removes it); the others are kept. */
const useFloorParam = (name: string) => {
  const [params, setParams] = useSearchParams();
  const set = (value: string | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (value) updated.set(name, value);
      else updated.delete(name);
      return updated;
    });
  return [params.get(name), set] as const;
};

/**
 * The day the board shows, kept in `?date=YYYY-MM-DD` so a reload or a shared link opens the same
 * day; absent means today (the server's Manila today). Going to today drops the parameter.
 */
export const useFloorDay = () => {
  const [raw, go] = useFloorParam('date');
  const date = raw !== null && calendarDateSchema.safeParse(raw).success ? raw : undefined;
  return { date, go };
};

/**
 * The branch the board shows, kept in `?location=` as the reports and payroll keep theirs, so a
 * reload or a shared link opens the same branch. One the person may not choose (or not a number)
 * is left out: their first branch, as with none.
 */
export const useFloorBranch = (choices: readonly { id: number }[]) => {
  const [raw, set] = useFloorParam('location');
  const location = choices.find((c) => String(c.id) === raw)?.id ?? choices[0]?.id ?? null;
  return { location, choose: (id: number) => set(String(id)) };
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
      <DateField
        size="small"
        label="Day"
        fullWidth={false}
        value={shown}
        onChange={(e) => (calendarDateSchema.safeParse(e.target.value).success ? go(e.target.value) : undefined)}
        sx={{ width: 180 }}
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
