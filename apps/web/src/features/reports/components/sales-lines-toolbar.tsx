import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { PAYMENT_METHODS, type PaymentMethod } from '@ginhawa/contract';
import { CsvLink } from '../../../components/figures/csv-link';
import { useLocationOptions } from '../../../lib/options';
import { DAILY_SALES_PATH, type SaleLineFilters } from '../api/sales-lines';
import { DateField } from './date-field';
import { PAYMENT_METHOD_LABELS } from './report-params';

export type SaleLineFilterChange = Partial<Record<keyof SaleLineFilters, string | number | undefined>>;

type SalesLinesToolbarProps = {
  filters: SaleLineFilters;
  onChange: (change: SaleLineFilterChange) => void;
  selectedCount: number;
  onDelete: () => void;
};

/** The sale lines' filters (a changed filter goes back to page 1), their CSV, and Delete. */
export const SalesLinesToolbar = ({ filters, onChange, selectedCount, onDelete }: SalesLinesToolbarProps) => {
  const locations = useLocationOptions({ activeOnly: false });
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <DateField
        value={filters.date ?? ''}
        onChange={(value) =>
          onChange({ date: value || undefined, date_from: undefined, date_to: undefined, page: undefined })
        }
      />
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Location"
        value={filters.location ?? ''}
        onChange={(e) => onChange({ location: e.target.value || undefined, page: undefined })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All locations</MenuItem>
        {(locations.data?.results ?? []).map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Paid by"
        value={filters.payment_method ?? ''}
        onChange={(e) =>
          onChange({ payment_method: (e.target.value as PaymentMethod | '') || undefined, page: undefined })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">Any payment</MenuItem>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      {filters.salesperson || filters.bank ? (
        <Button size="small" onClick={() => onChange({ salesperson: undefined, bank: undefined, page: undefined })}>
          Clear salesperson and bank
        </Button>
      ) : null}
      <Box sx={{ flexGrow: 1 }} />
      <CsvLink path={DAILY_SALES_PATH} params={{ ...filters, page: undefined, pageSize: undefined }} />
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteOutlined />}
        disabled={!selectedCount}
        onClick={onDelete}
      >
        Delete {selectedCount || ''}
      </Button>
    </Stack>
  );
};
