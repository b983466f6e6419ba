import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EndOfDay } from '@ginhawa/contract';
import { FigureTable } from '../../../components/figures/figure-table';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { Tile } from '../../../components/tile';
import { formatPeso } from '../../../lib/format';
import { useClockOutEveryone, useEndOfDay } from '../api/get-end-of-day';

type Row = EndOfDay['takings_by_payment_method'][number];

const Takings = ({ label, rows, empty }: { label: string; rows: Row[]; empty: string }) => (
  <FigureTable
    label={label}
    rows={rows}
    rowKey={(r) => r.key}
    empty={empty}
    columns={[
      { label: label === 'Takings by bank' ? 'Bank' : 'Method', wrap: true, render: (r) => r.name },
      { label: 'So far', align: 'right', render: (r) => formatPeso(r.total) },
    ]}
  />
);

/**
 * The receptionist's end of day at one branch (decision 0522): today's takings so far by method and
 * bank (sales, and deposits received, less what was handed back), the cash the drawer should hold
 * with each of its terms, the bookings still to come, and "Clock out everyone on shift" after one
 * confirmation. Every figure is the server's.
 */
export const EndOfDayTile = ({ location, name }: { location: number; name: string }) => {
  const { data, error, isLoading, mutate } = useEndOfDay(location);
  const clockOut = useClockOutEveryone(location);
  const { showSnackbar } = useSnackbar();
  const [asking, setAsking] = useState(false);
  return (
    <Tile
      title={`End of day at ${name}`}
      state={{ isLoading, error, empty: false, retry: () => void mutate() }}
      errorTitle="Today's takings could not be loaded"
      emptyTitle=""
      emptyHint=""
    >
      {data ? (
        <Stack spacing={2}>
          {data.day.closed && data.day.message ? (
            <Typography variant="body2" color="warning">
              {data.day.message}
            </Typography>
          ) : null}
          <Box role="group" aria-label="Cash expected in the drawer">
            <Typography variant="caption" color="textSecondary">
              Cash expected in the drawer
            </Typography>
            <Typography variant="h5" component="p">
              {formatPeso(data.cash_expected)}
            </Typography>
            <List dense disablePadding aria-label="How the cash expected is made up">
              {data.cash_terms
                .filter((t) => t.amount !== '0.00')
                .map((t) => (
                  <ListItem key={t.key} disableGutters sx={{ py: 0 }}>
                    <ListItemText primary={t.label} slotProps={{ primary: { variant: 'body2' } }} />
                    <Typography variant="body2">{formatPeso(t.amount)}</Typography>
                  </ListItem>
                ))}
            </List>
          </Box>
          <Takings label="Takings by method" rows={data.takings_by_payment_method} empty="Nothing taken yet today." />
          {data.takings_by_bank.length ? (
            <Takings label="Takings by bank" rows={data.takings_by_bank} empty="Nothing paid into a bank yet." />
          ) : null}
          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h3">
              Bookings still to come
            </Typography>
            {data.open_bookings.length ? (
              <List dense disablePadding>
                {data.open_bookings.map((b) => (
                  <ListItem key={b.reservation} disableGutters>
                    <Typography sx={{ width: 56, flexShrink: 0, fontWeight: 600 }}>{b.time}</Typography>
                    <ListItemText primary={b.client_name} secondary={b.treatment_name} />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="textSecondary">
                None: every booking of today has arrived or been closed.
              </Typography>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              On shift
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {data.on_shift.length
                ? data.on_shift.map((s) => `${s.name} (since ${s.since})`).join(', ')
                : 'Nobody is clocked in.'}
            </Typography>
            {data.on_shift.length ? (
              <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setAsking(true)}>
                Clock out everyone on shift
              </Button>
            ) : null}
          </Box>
          {asking ? (
            <ConfirmDialog
              open
              title="Clock out everyone on shift?"
              confirmLabel="Clock out everyone"
              confirmColor="primary"
              onConfirm={async () => {
                const closed = await clockOut({ employees: data.on_shift.map((s) => s.employee) });
                showSnackbar(`${closed.length} clocked out.`, 'success');
              }}
              onClose={() => setAsking(false)}
            >
              {data.on_shift.map((s) => s.name).join(', ')} {data.on_shift.length === 1 ? 'is' : 'are'} clocked out at{' '}
              {name} now. Anyone still in a service is refused, and nobody is clocked out then.
            </ConfirmDialog>
          ) : null}
        </Stack>
      ) : null}
    </Tile>
  );
};
