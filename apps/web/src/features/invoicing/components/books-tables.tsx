import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  formatPeso,
  SPECIAL_ID_TYPE_LABELS,
  type SalesSummary,
  type SalesSummaryRow,
  type SpecialDiscountBook,
  type SpecialDiscountBookRow,
} from '@ginhawa/contract';
import { FigureTable, type FigureColumn } from '../../../components/figures/figure-table';
import { formatDate } from '../../../lib/format';

/** What a book shows in place of rows (issue 33's screens). */
export const NO_INVOICES = 'No invoices in this range.';

/** A column of a book, with its figure in the TOTAL row when the book totals it. */
type BookColumn<R, T> = FigureColumn<R> & { total?: (totals: T) => string };

const money = <R, T>(label: string, figure: (row: R) => string, total?: (totals: T) => string): BookColumn<R, T> => ({
  label,
  align: 'right',
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

/** Annex E-1's columns, in its order: one row per terminal and day. */
const SUMMARY_COLUMNS: BookColumn<SalesSummaryRow, SummaryTotals>[] = [
  { label: 'Date', render: (r) => formatDate(r.date) },
  { label: 'Branch', render: (r) => r.location_name },
  { label: 'Terminal', render: (r) => r.terminal_name },
  { label: 'MIN', render: (r) => r.min },
  { label: 'First invoice', render: (r) => dash(r.first_invoice) },
  { label: 'Last invoice', render: (r) => dash(r.last_invoice) },
  money('Grand total before', (r) => r.grand_total_before),
  money('Grand total after', (r) => r.grand_total_after),
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

/** Annexes E-2 and E-3: one row per invoice with the discount; a voided one is listed, marked, and not totalled. */
const DISCOUNT_COLUMNS: BookColumn<SpecialDiscountBookRow, DiscountTotals>[] = [
  { label: 'Date', render: (r) => formatDate(r.date) },
  { label: 'Branch', render: (r) => r.location_name },
  { label: 'Terminal', render: (r) => r.terminal_name },
  {
    label: 'Invoice',
    render: (r) => (
      <>
        {r.document_no}
        {r.voided ? (
          <Chip label="VOID" color="error" size="small" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} />
        ) : null}
      </>
    ),
  },
  { label: 'Name', render: (r) => r.name },
  {
    label: 'ID',
    render: (r) => (
      <>
        {r.id_number}
        <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {SPECIAL_ID_TYPE_LABELS[r.id_type]}
        </Typography>
      </>
    ),
  },
  { label: 'TIN', render: (r) => dash(r.tin) },
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
