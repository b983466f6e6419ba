import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export type FigureColumn<R> = {
  label: string;
  align?: 'left' | 'right';
  render: (row: R) => ReactNode;
  /** A name that may break onto two lines, so that on a phone the figures beside it fit unscrolled. */
  wrap?: boolean;
};

const whiteSpace = (column: { wrap?: boolean }) => (column.wrap ? 'normal' : 'nowrap');

type FigureTableProps<R> = {
  label: string;
  rows: readonly R[];
  columns: FigureColumn<R>[];
  rowKey: (row: R) => string | number;
  empty: string;
  footer?: ReactNode[];
};

/** What a report table shows in place of rows when there are none: one quiet line across every column. */
export const EmptyRow = ({ colSpan, role, children }: { colSpan: number; role?: 'status'; children: ReactNode }) => (
  <TableRow>
    <TableCell colSpan={colSpan}>
      <Typography variant="body2" color="textSecondary" role={role}>
        {children}
      </Typography>
    </TableCell>
  </TableRow>
);

/**
 * A small read-only table of report figures; it scrolls sideways on a phone rather than squeezing,
 * and the keyboard can scroll it too (a focusable, named region: axe's scrollable-region-focusable);
 * a long one scrolls under its header row, which stays in view.
 */
export const FigureTable = <R,>({ label, rows, columns, rowKey, empty, footer }: FigureTableProps<R>) => (
  <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: '75dvh' }}>
    <Table size="small" aria-label={label} stickyHeader>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.label} align={c.align ?? 'left'} sx={{ whiteSpace: whiteSpace(c) }}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length ? (
          rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align ?? 'left'} sx={{ whiteSpace: whiteSpace(c) }}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : (
          <EmptyRow colSpan={columns.length}>{empty}</EmptyRow>
        )}
        {footer && rows.length ? (
          // A cell under every column, empty past the footer's figures: the totals row runs the table's width.
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c.label} align={c.align ?? 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {footer[i]}
              </TableCell>
            ))}
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  </TableContainer>
);
