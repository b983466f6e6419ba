import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ArrivalsData } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable } from '../../../components/figures/figure-table';
import { ChoiceToggle } from '../../../components/choice-toggle';
import { MONTH_NAMES } from '../../../lib/period';
import { panelState } from './panel-state';
import { ARRIVALS_DATA_PATH, monthRange, useMonthArrivals, type MonthPeriod } from '../api/admin-dashboard';

/** ISO weekdays as the server numbers them: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1] ?? String(weekday);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** Five steps of shade; the legend shows the same five. */
const STEPS = 5;
/** The primary colour's opacity at each step (index = step); see `ink` below. */
const SHADES = [0, 0.22, 0.36, 0.5, 0.9, 1] as const;
const WHITE_INK_FROM = 4;

type Cells = ArrivalsData['by_weekday_hour'];

/** The columns: every hour from the earliest to the latest arrival, so gaps inside the day show as zeros. */
const hoursOf = (cells: Cells) => {
  const hours = cells.map((c) => c.hour);
  const first = Math.min(...hours);
  return Array.from({ length: Math.max(...hours) - first + 1 }, (_, i) => first + i);
};

/** Shade step 0 (none) … STEPS (the busiest cell) for a count. */
const stepOf = (count: number, busiest: number) =>
  count === 0 ? 0 : Math.max(1, Math.ceil((count / busiest) * STEPS));

/** The heat map: weekdays down, hours across, each cell shaded by its count with the number printed. */
const HeatGrid = ({ cells, label }: { cells: Cells; label: string }) => {
  const theme = useTheme();
  const counts = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.count]));
  const busiest = Math.max(...cells.map((c) => c.count));
  const hours = hoursOf(cells);
  // Each step's shade and ink keep 4.5:1 (WCAG AA): dark figures on the light steps, white on the
  // two darkest; the gap between steps 3 and 4 is where neither ink would pass (docs/decisions/0620).
  const shade = (step: number) => (step === 0 ? 'transparent' : alpha(theme.palette.primary.main, SHADES[step] ?? 1));
  const ink = (step: number) =>
    step === 0
      ? theme.palette.text.secondary
      : step >= WHITE_INK_FROM
        ? theme.palette.primary.contrastText
        : theme.palette.text.primary;
  const cellSx = {
    px: 0.5,
    py: 0.75,
    minWidth: 34,
    textAlign: 'center',
    border: `1px solid ${theme.palette.background.paper}`,
  } as const;
  return (
    <Stack spacing={1.5}>
      <TableContainer tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label} sx={{ borderCollapse: 'separate', borderSpacing: 0 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...cellSx, textAlign: 'left' }}>Day</TableCell>
              {hours.map((h) => (
                <TableCell key={h} sx={{ ...cellSx, fontVariantNumeric: 'tabular-nums' }}>
                  <abbr title={`${hourLabel(h)}–${String(h).padStart(2, '0')}:59`} style={{ textDecoration: 'none' }}>
                    {String(h).padStart(2, '0')}
                  </abbr>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {WEEKDAYS.map((name, i) => (
              <TableRow key={name}>
                <TableCell component="th" scope="row" sx={{ ...cellSx, textAlign: 'left', whiteSpace: 'nowrap' }}>
                  <abbr title={name} style={{ textDecoration: 'none' }}>
                    {name.slice(0, 3)}
                  </abbr>
                </TableCell>
                {hours.map((h) => {
                  const count = counts.get(`${i + 1}-${h}`) ?? 0;
                  const step = stepOf(count, busiest);
                  return (
                    <TableCell
                      key={h}
                      sx={{
                        ...cellSx,
                        bgcolor: shade(step),
                        color: ink(step),
                        fontVariantNumeric: 'tabular-nums',
                        fontWeight: step === STEPS ? 700 : 400,
                      }}
                    >
                      {count}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label="Legend">
        <Typography variant="caption" color="textSecondary" sx={{ mr: 0.5 }}>
          Fewer
        </Typography>
        {Array.from({ length: STEPS }, (_, i) => (
          <Box key={i} aria-hidden sx={{ width: 20, height: 14, borderRadius: 0.5, bgcolor: shade(i + 1) }} />
        ))}
        <Typography variant="caption" color="textSecondary" sx={{ ml: 0.5 }}>
          More (busiest hour: {busiest} {busiest === 1 ? 'arrival' : 'arrivals'})
        </Typography>
      </Stack>
    </Stack>
  );
};

type View = 'grid' | 'list';

const VIEWS = [
  { value: 'grid', label: 'Heat map' },
  { value: 'list', label: 'Table' },
] as const;

/** Arrivals by Manila weekday and hour over the month picked, as a shaded grid or a plain list. */
export const ArrivalsHeatmapPanel = ({ period }: { period: MonthPeriod }) => {
  const arrivals = useMonthArrivals(period);
  const [view, setView] = useState<View>('grid');
  const monthName = `${MONTH_NAMES[period.month - 1]} ${period.year}`;
  const cells = arrivals.data?.by_weekday_hour ?? [];
  return (
    <Tile
      title="Arrivals by weekday and hour"
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ChoiceToggle label="Show the arrivals as" value={view} onChange={setView} choices={VIEWS} />
          <CsvLink path={ARRIVALS_DATA_PATH} params={{ ...monthRange(period), series: 'weekday_hour' }} label="CSV" />
        </Stack>
      }
      state={panelState(arrivals, (d) => d.by_weekday_hour.length === 0)}
      errorTitle="The arrivals could not be loaded"
      emptyTitle={`No arrivals in ${monthName}`}
      emptyHint="Arrivals logged at the desk (cancelled ones left out) show here by weekday and hour. Pick another month, or log an arrival from a client's page."
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {monthName}, Manila time; cancelled arrivals left out.
      </Typography>
      {view === 'grid' ? (
        <HeatGrid cells={cells} label={`Arrivals by weekday and hour, ${monthName}`} />
      ) : (
        <FigureTable
          label={`Arrivals by weekday and hour, ${monthName} (list)`}
          rows={cells}
          rowKey={(c) => `${c.weekday}-${c.hour}`}
          empty="No arrivals."
          columns={[
            { label: 'Weekday', render: (c) => weekdayName(c.weekday) },
            { label: 'Hour', render: (c) => hourLabel(c.hour) },
            { label: 'Arrivals', align: 'right', render: (c) => c.count },
          ]}
        />
      )}
    </Tile>
  );
};
