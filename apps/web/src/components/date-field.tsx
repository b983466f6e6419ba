import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addDays, todayInManila } from '@ginhawa/contract';
import { formatDate } from '../lib/format';
import { parseDateInput } from '../lib/date-input';
import { MONTH_NAMES } from '../lib/period';
import { useBackCloses } from './form/back-closes';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
/** The same day some months on, or that month's last day (31 Jan + 1 month → 28 Feb). */
const addMonths = (date: string, months: number): string => {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8)), last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const longName = (date: string) =>
  `${WEEKDAYS[weekdayOf(date)]?.[1] ?? ''}, ${Number(date.slice(8))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;

/** The month's days in weeks from Sunday, null before the 1st and after the last. */
const weeksOf = (first: string): (string | null)[][] => {
  const days: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) days.push(d);
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
};

type CalendarProps = { value: string; onPick: (date: string) => void };

/** A month of day buttons: arrows move by day and week, Page Up/Down by month, Home/End to the week's ends. */
const Calendar = ({ value, onPick }: CalendarProps) => {
  const today = todayInManila();
  const [focused, setFocused] = useState(value || today);
  const grid = useRef<HTMLTableElement>(null);
  const first = monthStart(focused);
  const headingId = useId();

  useEffect(() => {
    // Focus follows the keyboard (and starts on the chosen day when the calendar opens).
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const handleKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -weekdayOf(focused)),
      End: () => addDays(focused, 6 - weekdayOf(focused)),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    setFocused(next());
  };

  const month = `${MONTH_NAMES[Number(first.slice(5, 7)) - 1] ?? ''} ${first.slice(0, 4)}`;
  return (
    <Box sx={{ p: 1.5, width: 7 * 44 + 24 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => setFocused(addMonths(focused, -1))}>
          <ChevronLeft />
        </IconButton>
        <Typography id={headingId} component="h2" variant="subtitle1" aria-live="polite" sx={{ fontWeight: 600 }}>
          {month}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => setFocused(addMonths(focused, 1))}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Box
        component="table"
        ref={grid}
        aria-labelledby={headingId}
        onKeyDown={handleKeyDown}
        sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <Box
                component="th"
                key={long}
                scope="col"
                abbr={long}
                sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 500, pb: 0.5 }}
              >
                {short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(first).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => (
                <Box component="td" key={day ?? `blank-${i}`} sx={{ p: 0, textAlign: 'center' }}>
                  {day ? (
                    <Box
                      component="button"
                      type="button"
                      data-date={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={longName(day)}
                      aria-pressed={day === value}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      onFocus={() => (day === focused ? undefined : setFocused(day))}
                      sx={{
                        width: 40,
                        height: 40,
                        m: '2px',
                        border: 1,
                        borderColor: day === today ? 'primary.main' : 'transparent',
                        borderRadius: '50%',
                        font: 'inherit',
                        typography: 'body2',
                        cursor: 'pointer',
                        bgcolor: day === value ? 'primary.main' : 'transparent',
                        color: day === value ? 'primary.contrastText' : 'text.primary',
                        '&:hover': { bgcolor: day === value ? 'primary.dark' : 'action.hover' },
                      }}
                    >
                      {Number(day.slice(8))}
                    </Box>
                  ) : null}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
};

type DateFieldProps = {
  label: string;
  /** The day as `YYYY-MM-DD`; '' for none. */
  value: string;
  /**
   * The day as `YYYY-MM-DD` in `event.target.value` ('' while the text is not a date), the shape of a
   * text field's change, so `{...form.bind('date')}` fits (a method, so the form's handler is accepted).
   */
  onChange(event: { target: { name: string; value: string } }): void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: TextFieldProps['size'];
  fullWidth?: boolean;
  sx?: TextFieldProps['sx'];
};

/**
 * The panel's date field (docs/decisions/0640): shows and takes "29 Nov 2026" (or 29/11/2026, …), a
 * calendar from its button; its value stays `YYYY-MM-DD`. Replaces the browser's date input, which
 * writes the day in the browser's order (11/29/2026).
 */
export const DateField = ({
  label,
  value,
  onChange,
  name = '',
  helperText,
  error = false,
  disabled,
  required,
  size,
  fullWidth,
  sx,
}: DateFieldProps) => {
  const [text, setText] = useState(() => formatDate(value));
  const [shownValue, setShownValue] = useState(value);
  const [unreadable, setUnreadable] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The phone's Back closes the calendar (over a form's dialog, the calendar first; decision 0643).
  useBackCloses(anchor !== null, () => setAnchor(null));
  const root = useRef<HTMLDivElement>(null);

  // A new value from outside (a reset, a picked day, the day navigator) shows in words, unless the
  // text already says it or is being typed (an unreadable text has the value '').
  if (value !== shownValue) {
    setShownValue(value);
    const meant = parseDateInput(text);
    if (meant !== value && !(value === '' && meant === null)) {
      setText(formatDate(value));
      setUnreadable(false);
    }
  }

  const emit = (next: string) => {
    if (next !== value) onChange({ target: { name, value: next } });
  };
  const handleType = (typed: string) => {
    setText(typed);
    const parsed = parseDateInput(typed);
    if (parsed !== null) setUnreadable(false);
    emit(parsed ?? '');
  };
  /** On leaving the field (or Enter): a readable date is rewritten in words, else it says how to write one. */
  const settle = () => {
    const parsed = parseDateInput(text);
    if (parsed === null) setUnreadable(true);
    else setText(formatDate(parsed));
  };
  const handlePick = (day: string) => {
    setText(formatDate(day));
    setUnreadable(false);
    setAnchor(null);
    emit(day);
  };

  return (
    <>
      <TextField
        ref={root}
        label={label}
        name={name}
        value={text}
        required={required}
        disabled={disabled}
        size={size}
        fullWidth={fullWidth}
        sx={sx}
        placeholder="e.g. 29 Nov 2026"
        error={error || unreadable}
        helperText={unreadable ? 'Write the day like 29 Nov 2026 or 29/11/2026.' : helperText}
        onChange={(e) => handleType(e.target.value)}
        onBlur={settle}
        onKeyDown={(e) => (e.key === 'Enter' ? settle() : undefined)}
        slotProps={{
          htmlInput: { autoComplete: 'off', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={`Calendar: ${label}`}
                  edge="end"
                  size={size === 'small' ? 'small' : 'medium'}
                  disabled={disabled}
                  onClick={() => setAnchor(root.current)}
                >
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        // The calendar puts focus on the chosen day (or today) itself.
        disableAutoFocus
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Calendar: ${label}` } }}
      >
        <Calendar value={value} onPick={handlePick} />
      </Popover>
    </>
  );
};
