import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel, GridRowSelectionModel } from '@mui/x-data-grid';
import {
  deleteSalesBodySchema,
  type DeleteSalesResult,
  type SaleLineRead,
  type SaleLinesPage,
} from '@ginhawa/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { AdminGrid } from '../../../components/list/admin-grid';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatDateRange, formatPeso } from '../../../lib/format';
import { useRevalidateReports } from '../api/reports-keys';
import { deleteSales, useSaleLines, type SaleLineFilters } from '../api/sales-lines';
import { REASON_MAX } from './report-params';
import { SALE_LINE_COLUMNS } from './sale-line-columns';
import { SalesLinesToolbar, type SaleLineFilterChange } from './sales-lines-toolbar';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The sums of every matching line, not this page's: a drilled-into figure is checked here (decision 0505). */
const SaleLinesTotals = ({ totals }: { totals: SaleLinesPage['totals'] }) => (
  <Typography variant="body2" sx={{ mb: 1 }}>
    Net {formatPeso(totals.net_total)} · discounts {formatPeso(totals.discount_total)} · service charge{' '}
    {formatPeso(totals.service_charge_total)} on top
  </Typography>
);

/** Lines are not sales when a visit was paid partly by its deposit (two lines, one sale: decision 0508). */
const salesBeside = ({ count, totals }: SaleLinesPage) =>
  totals.sales_count === count
    ? ''
    : ` (${totals.sales_count} sale${totals.sales_count === 1 ? '' : 's'}: a visit paid partly by its deposit is two lines)`;

type SalesLinesPanelProps = {
  filters: SaleLineFilters;
  onChange: (change: SaleLineFilterChange) => void;
};

/**
 * The sale lines behind any figure (`/reports/daily-sales/` with the figure's filters), so a
 * disputed total or rank is settled by looking; selected lines can be deleted (admins) or their
 * deletion requested (everyone else; the approvers decide from their notifications).
 */
export const SalesLinesPanel = ({ filters, onChange }: SalesLinesPanelProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? 25;
  // Newest first, within a day too: the line just recorded or imported heads the list.
  const lines = useSaleLines({ ...filters, page, pageSize, ordering: '-date,-id' });
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [confirming, setConfirming] = useState(false);
  const [decision, setDecision] = useState<DeleteSalesResult | null>(null);
  const selected = [...selection.ids].map(Number);
  const first = lines.data?.results[0];
  // "for 20 Nov 2026", "for 1 Nov 2026 to 15 Nov 2026", "from 1 Nov 2026", "for all dates".
  const range = formatDateRange(filters.date ?? filters.date_from, filters.date ?? filters.date_to);
  const period = !range ? 'for all dates' : /^(from|until) /.test(range) ? range : `for ${range}`;
  const handlePaging = (model: GridPaginationModel) =>
    onChange(model.pageSize === pageSize ? { page: model.page + 1 } : { pageSize: model.pageSize, page: undefined });

  return (
    <>
      <SalesLinesToolbar
        filters={filters}
        onChange={onChange}
        selectedCount={selected.length}
        onDelete={() => setConfirming(true)}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Sale lines {period}
        {first && filters.salesperson ? `, ${first.salesperson_name}` : ''}
        {lines.data ? ` — ${lines.data.count} in all${salesBeside(lines.data)}` : ''}
      </Typography>
      {lines.data?.count ? <SaleLinesTotals totals={lines.data.totals} /> : null}
      {decision ? (
        <Alert
          severity={decision.result === 'deleted' ? 'success' : 'info'}
          onClose={() => setDecision(null)}
          sx={{ mb: 2 }}
        >
          {decision.message}
        </Alert>
      ) : null}
      <AdminGrid<SaleLineRead>
        label="Sale lines"
        rows={lines.data?.results}
        rowCount={lines.data?.count}
        columns={SALE_LINE_COLUMNS}
        loading={lines.isLoading}
        error={lines.error}
        onRetry={() => void lines.mutate()}
        paginationModel={{ page: page - 1, pageSize }}
        onPaginationModelChange={handlePaging}
        emptyText="No sale lines match these filters."
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      {confirming ? (
        <ReasonDialog
          title={`Delete ${selected.length === 1 ? 'this sale' : `${selected.length} sales`}?`}
          confirmLabel="Delete"
          maxLength={REASON_MAX}
          parse={(reason) => deleteSalesBodySchema.safeParse({ ids: selected, reason })}
          onConfirm={deleteSales}
          onDone={async (result) => {
            setDecision(result);
            setConfirming(false);
            setSelection(NO_SELECTION);
            showSnackbar(result.message, 'success');
            await revalidate();
          }}
          onClose={() => setConfirming(false)}
        >
          Administrators delete at once; anyone else sends a request the location&apos;s approvers decide on. Every
          deletion is audited.
        </ReasonDialog>
      ) : null}
    </>
  );
};
