import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { addDays, type DailySalesReport } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { formatPeso } from '../../../lib/format';
import { useDailySalesReport } from '../api/get-reports-data';
import { NOT_ASSIGNED } from './todays-report-tile';

type Row = { location: number; name: string; today: string; yesterday: string; lastWeek: string };

/** One row per location in any of the three days (the server scopes them to the ones I manage). */
export const compareDays = (
  today: DailySalesReport,
  yesterday: DailySalesReport,
  lastWeek: DailySalesReport,
): Row[] => {
  const rows = new Map<number, Row>();
  const put = (report: DailySalesReport, field: 'today' | 'yesterday' | 'lastWeek') => {
    for (const l of report.locations) {
      const row = rows.get(l.location) ?? {
        location: l.location,
        name: l.location_name,
        today: '0.00',
        yesterday: '0.00',
        lastWeek: '0.00',
      };
      row[field] = l.net_total;
      rows.set(l.location, row);
    }
  };
  put(today, 'today');
  put(yesterday, 'yesterday');
  put(lastWeek, 'lastWeek');
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
};

/** Manager: my locations' net sales today against yesterday and the same weekday last week. */
export const LocationSalesTile = ({
  date,
  reportsPath,
  noLocationsHint = NOT_ASSIGNED,
}: {
  date: string;
  reportsPath?: string;
  noLocationsHint?: string;
}) => {
  const today = useDailySalesReport(date, true);
  const yesterday = useDailySalesReport(addDays(date, -1), true);
  const lastWeek = useDailySalesReport(addDays(date, -7), true);
  const all = [today, yesterday, lastWeek];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows =
    today.data && yesterday.data && lastWeek.data ? compareDays(today.data, yesterday.data, lastWeek.data) : null;
  return (
    <Tile
      title="Sales at my locations"
      action={
        reportsPath ? (
          <Button component={RouterLink} to={reportsPath} size="small">
            Sale lines and reports
          </Button>
        ) : undefined
      }
      state={{
        isLoading: all.some((q) => q.isLoading),
        error: all.find((q) => q.error)?.error,
        empty: rows?.length === 0,
        retry: () => all.forEach((q) => void q.mutate()),
      }}
      errorTitle="Location sales could not be loaded"
      emptyTitle="No locations to show"
      emptyHint={noLocationsHint}
    >
      {/* A phone gives each location its own line over its three figures, so nothing is cut off (decision 0620). */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Sales by location">
        <Table size="small" aria-label="Sales by location" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              {phone ? null : <TableCell>Location</TableCell>}
              <TableCell align="right">Today</TableCell>
              <TableCell align="right">Yesterday</TableCell>
              <TableCell align="right">Last week</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((r) => {
              const name = (
                <TableCell
                  component="th"
                  scope="row"
                  colSpan={phone ? 3 : 1}
                  sx={phone ? { borderBottom: 0, pb: 0 } : {}}
                >
                  {r.name}
                </TableCell>
              );
              const figures = (
                <>
                  <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {formatPeso(r.today)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPeso(r.yesterday)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPeso(r.lastWeek)}
                  </TableCell>
                </>
              );
              return phone ? (
                <Fragment key={r.location}>
                  <TableRow>{name}</TableRow>
                  <TableRow>{figures}</TableRow>
                </Fragment>
              ) : (
                <TableRow key={r.location}>
                  {name}
                  {figures}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Tile>
  );
};
