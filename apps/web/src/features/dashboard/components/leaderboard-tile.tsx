import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Leaderboard } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { formatPeso } from '../../../lib/format';
import { useLeaderboard } from '../api/get-reports-data';
import { RankSalesDialog } from './rank-sales-dialog';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CUTOFF_LABELS: Record<number, string> = { 1: '1–15', 2: '16–end', 0: 'Whole month' };

export type Period = { month: number; year: number; cutoff: number };

/**
 * My place on the board: rank, how much more puts me level with the person above, and my share of
 * my target (the server shows a salesperson only their own; null without a target).
 */
export const standingOf = (board: Leaderboard, salespersonId: number) => {
  const mine = board.results.find((r) => r.salesperson === salespersonId);
  if (!mine) return null;
  const above = board.results.filter((r) => r.rank < mine.rank).sort((a, b) => b.rank - a.rank)[0];
  const gap = above ? (Math.round((Number(above.total) - Number(mine.total)) * 100) / 100).toFixed(2) : null;
  const target = mine.target !== null && mine.share_of_target !== null ? mine.target : null;
  return { rank: mine.rank, of: board.results.length, gap, target, share: target ? mine.share_of_target : null };
};

type PeriodField = { key: keyof Period; label: string; minWidth: number; options: { value: number; label: string }[] };

const PeriodSwitch = ({ period, onChange }: { period: Period; onChange: (p: Period) => void }) => {
  const fields: PeriodField[] = [
    {
      key: 'cutoff',
      label: 'Cutoff',
      minWidth: 112,
      options: [1, 2, 0].map((c) => ({ value: c, label: CUTOFF_LABELS[c]! })),
    },
    { key: 'month', label: 'Month', minWidth: 88, options: MONTHS.map((m, i) => ({ value: i + 1, label: m })) },
    {
      key: 'year',
      label: 'Year',
      minWidth: 96,
      options: [period.year - 1, period.year, period.year + 1].map((y) => ({ value: y, label: String(y) })),
    },
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexShrink: 0, maxWidth: '100%' }}>
      {fields.map((field) => (
        <TextField
          key={field.key}
          select
          size="small"
          label={field.label}
          fullWidth={false}
          sx={{ minWidth: field.minWidth }}
          value={period[field.key]}
          onChange={(e) => onChange({ ...period, [field.key]: Number(e.target.value) })}
        >
          {field.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
};

/**
 * The board for a cutoff (this one first). A salesperson also sees their rank and the gap to the
 * next, and opens the sales behind their rank from their own row; Managers and Admins see the board.
 */
export const LeaderboardTile = ({ salespersonId, initial }: { salespersonId: number | null; initial: Period }) => {
  const [period, setPeriod] = useState(initial);
  const [showSales, setShowSales] = useState(false);
  const { data, error, isLoading, mutate } = useLeaderboard(period.month, period.year, period.cutoff);
  const standing = data && salespersonId ? standingOf(data, salespersonId) : null;
  const mine = data?.results.find((r) => r.salesperson === salespersonId);
  return (
    <Tile
      title="Leaderboard"
      action={<PeriodSwitch period={period} onChange={setPeriod} />}
      state={{ isLoading, error, empty: data?.results.length === 0, retry: () => void mutate() }}
      errorTitle="The leaderboard could not be loaded"
      emptyTitle="No sales in this period yet"
      emptyHint="The board fills in as sales are recorded; try another cutoff or month."
    >
      {standing ? (
        <Box sx={{ mb: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'rgba(47, 111, 94, 0.08)' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="my-rank">
            You are #{standing.rank} of {standing.of}
          </Typography>
          <Button size="small" sx={{ float: 'right' }} onClick={() => setShowSales(true)}>
            My sales
          </Button>
          <Typography variant="body2" color="textSecondary">
            {standing.gap === null
              ? 'Top of the board. Keep it up!'
              : `${formatPeso(standing.gap)} more to reach #${standing.rank - 1}`}
          </Typography>
          {standing.target !== null ? (
            <Typography variant="body2" color="textSecondary" data-testid="my-target">
              {standing.share}% of your {formatPeso(standing.target)} target
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Leaderboard">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Salesperson</TableCell>
              <TableCell align="right">Net sales</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.results.map((r) => (
              <TableRow key={r.salesperson} selected={r.salesperson === salespersonId}>
                <TableCell>{r.rank}</TableCell>
                <TableCell>
                  {r.salesperson_name}
                  <Typography variant="caption" color="textSecondary" component="div">
                    {r.location_name}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  {r === mine ? (
                    <Link
                      component="button"
                      type="button"
                      onClick={() => setShowSales(true)}
                      // The name starts with the figure shown (axe: label-content-name-mismatch).
                      aria-label={`${formatPeso(r.total)}, my sales behind this rank`}
                    >
                      {formatPeso(r.total)}
                    </Link>
                  ) : (
                    formatPeso(r.total)
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {showSales && mine && data ? (
        <RankSalesDialog
          salespersonId={mine.salesperson}
          rank={mine.rank}
          total={mine.total}
          period={{ from: data.date_from, to: data.date_to }}
          onClose={() => setShowSales(false)}
        />
      ) : null}
    </Tile>
  );
};
