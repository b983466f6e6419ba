import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  formatPeso,
  SPECIAL_ID_TYPE_LABELS,
  type CorrectionsBook,
  type CorrectionsBookRow,
  type SalesSummary,
  type SalesSummaryRow,
  type SpecialDiscountBook,
  type SpecialDiscountBookRow,
} from '@ginhawa/contract';
import { FigureTable, type FigureColumn } from '../../../components/figures/figure-table';
import { formatDate, formatDateTime } from '../../../lib/format';

/** What a book shows in place of rows (issue 33's screens). */
export const NO_INVOICES = 'No invoices in this range.';

/** A column of a book, with its figure in the TOTAL row when the book totals it. */
type BookColumn<R, T> = FigureColumn<R> & { total?: (totals: T) => string };

const money = <R, T>(label: string, figure: (row: R) => string, total?: (totals: T) => string): BookColumn<R, T> => ({
  label,
  align: 'right',
  // The heading may take two lines ("VAT-exempt / sales"); an amount never breaks.
  wrap: true,
  render: (row) => formatPeso(figure(row)),
  total: total && ((totals) => formatPeso(total(totals))),
});

/** The TOTAL row under the columns: the word first, the server's totals under the figures they sum. */
const footerOf = <R, T>(columns: BookColumn<R, T>[], totals: T): ReactNode[] =>
  columns.map((column, i) => (i === 0 ? 'Total' : (column.total?.(totals) ?? '')));

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : value);

type SummaryTotals = SalesSummary['totals'];
type SummaryFigure = keyof SummaryTotals;
const summed = (label: string, figure: SummaryFigure) =>
  money<SalesSummaryRow, SummaryTotals>(
    label,
    (r) => r[figure],
    (t) => t[figure],
  );

/** A cell of two lines: the figure or name, and under it what places it (quieter). */
const Lines = ({ main, under }: { main: ReactNode; under: ReactNode }) => (
  // A narrow table (a phone's) squeezes a wrapping column no narrower than this: it scrolls instead.
  <Box component="span" sx={{ display: 'block', minWidth: 150 }}>
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {main}
    </Box>
    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      {under}
    </Typography>
  </Box>
);

/**
 * Annex E-1's columns, in its order: one row per terminal and day. The pairs the annex gives two
 * columns each (branch and terminal, first and last invoice, grand total before and after) share a
 * cell of two lines, so the day's figures start within a laptop's width (the CSV keeps them apart).
 */
const SUMMARY_COLUMNS: BookColumn<SalesSummaryRow, SummaryTotals>[] = [
  { label: 'Date', render: (r) => formatDate(r.date) },
  {
    label: 'Terminal',
    wrap: true,
    render: (r) => <Lines main={r.terminal_name} under={`${r.location_name} · MIN ${r.min}`} />,
  },
  {
    label: 'Invoices',
    render: (r) =>
      r.first_invoice === null ? '—' : <Lines main={r.first_invoice} under={`to ${dash(r.last_invoice)}`} />,
  },
  {
    label: 'Grand total',
    align: 'right',
    render: (r) => <Lines main={formatPeso(r.grand_total_after)} under={`from ${formatPeso(r.grand_total_before)}`} />,
  },
  summed('Gross sales', 'gross'),
  summed('VATable sales', 'vatable_sales'),
  summed('VAT', 'vat'),
  summed('VAT-exempt sales', 'vat_exempt_sales'),
  summed('Zero-rated sales', 'zero_rated_sales'),
  summed('Senior discount', 'discount_senior'),
  summed('PWD discount', 'discount_pwd'),
  summed('Other discounts', 'discount_other'),
  summed('Returns', 'returns'),
  summed('Voids', 'voids'),
  summed('Net sales', 'net_sales'),
  { label: 'Z counter', align: 'right', render: (r) => dash(r.z_counter) },
  { label: 'Reset counter', align: 'right', render: (r) => r.reset_counter },
];

export const SalesSummaryTable = ({ book }: { book: SalesSummary }) => (
  <FigureTable
    label="Sales summary"
    rows={book.rows}
    rowKey={(r) => `${r.terminal}-${r.date}`}
    columns={SUMMARY_COLUMNS}
    empty={NO_INVOICES}
    footer={footerOf(SUMMARY_COLUMNS, book.totals)}
  />
);

type DiscountTotals = SpecialDiscountBook['totals'];
type DiscountFigure = keyof DiscountTotals;
const discountSummed = (label: string, figure: DiscountFigure) =>
  money<SpecialDiscountBookRow, DiscountTotals>(
    label,
    (r) => r[figure],
    (t) => t[figure],
  );

/**
 * Annexes E-2 and E-3: one row per invoice with the discount; a voided one is listed, marked, and
 * not totalled. The ID holder's ID and TIN go under their name, the terminal and branch under the
 * invoice's number, so the five figures fit a laptop's width (the CSV keeps every column apart).
 */
const DISCOUNT_COLUMNS: BookColumn<SpecialDiscountBookRow, DiscountTotals>[] = [
  { label: 'Date', render: (r) => formatDate(r.date) },
  {
    label: 'Name',
    wrap: true,
    render: (r) => (
      <Lines
        main={r.name}
        under={`${SPECIAL_ID_TYPE_LABELS[r.id_type]} ${r.id_number}${r.tin ? ` · TIN ${r.tin}` : ''}`}
      />
    ),
  },
  {
    label: 'Invoice',
    wrap: true,
    render: (r) => (
      <Lines
        main={
          <>
            {r.document_no}
            {r.voided ? (
              <Chip
                label="VOID"
                color="error"
                size="small"
                variant="outlined"
                sx={{ ml: 1, verticalAlign: 'middle' }}
              />
            ) : null}
          </>
        }
        under={`${r.terminal_name} · ${r.location_name}`}
      />
    ),
  },
  discountSummed('Sales', 'sales'),
  discountSummed('VAT', 'vat'),
  discountSummed('VAT-exempt sales', 'vat_exempt_sales'),
  discountSummed('Discount', 'discount'),
  discountSummed('Net sales', 'net_sales'),
];

export const SpecialDiscountTable = ({ book }: { book: SpecialDiscountBook }) => (
  <FigureTable
    label={book.kind === 'senior' ? 'Senior citizens' : 'Persons with disability'}
    rows={book.rows}
    rowKey={(r) => `${r.location_name}-${r.terminal_name}-${r.document_no}`}
    columns={DISCOUNT_COLUMNS}
    empty={NO_INVOICES}
    footer={footerOf(DISCOUNT_COLUMNS, book.totals)}
  />
);

/** What the corrections book shows in place of rows. */
export const NO_CORRECTIONS = 'No voids or credit memos in this range.';

/**
 * The voids and credit memos (decision 1024): one row per document voided or credit memo issued,
 * with its reason and who made it; the totals are the E-1's voids and returns.
 */
const CORRECTION_COLUMNS: FigureColumn<CorrectionsBookRow>[] = [
  { label: 'Date', render: (r) => formatDate(r.date) },
  {
    label: 'Document',
    wrap: true,
    render: (r) => (
      <Lines
        main={
          <>
            {r.document_no}
            <Chip
              label={r.kind === 'void' ? 'VOID' : 'CREDIT MEMO'}
              color={r.kind === 'void' ? 'error' : 'default'}
              size="small"
              variant="outlined"
              sx={{ ml: 1, verticalAlign: 'middle' }}
            />
          </>
        }
        under={`${r.original_invoice ? `for ${r.original_invoice} · ` : ''}${r.terminal_name} · ${r.location_name}`}
      />
    ),
  },
  { label: 'Buyer', wrap: true, render: (r) => r.buyer_name || '—' },
  { label: 'Amount', align: 'right', render: (r) => formatPeso(r.amount) },
  { label: 'Reason', wrap: true, render: (r) => r.reason || '—' },
  { label: 'By', wrap: true, render: (r) => <Lines main={r.by || '—'} under={formatDateTime(r.at)} /> },
];

export const CorrectionsTable = ({ book }: { book: CorrectionsBook }) => (
  <FigureTable
    label="Voids and credit memos"
    rows={book.rows}
    rowKey={(r) => `${r.kind}-${r.location_name}-${r.terminal_name}-${r.document_no}`}
    columns={CORRECTION_COLUMNS}
    empty={NO_CORRECTIONS}
    footer={[
      'Total',
      `${book.totals.void_count} void${book.totals.void_count === 1 ? '' : 's'}: ${formatPeso(book.totals.voids)}`,
      '',
      '',
      `${book.totals.credit_memo_count} credit memo${book.totals.credit_memo_count === 1 ? '' : 's'}: ${formatPeso(book.totals.credit_memos)}`,
      '',
    ]}
  />
);
