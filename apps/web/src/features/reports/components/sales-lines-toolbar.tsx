import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@ginhawa/contract';
import { CsvLink } from '../../../components/figures/csv-link';
import { FilterSelect, namedOptions, type ListFilter } from '../../../components/list/list-filters';
import { useLocationOptions } from '../../../lib/options';
import { DAILY_SALES_PATH, type SaleLineFilters } from '../api/sales-lines';
import { DateField } from './date-field';

const LOCATION_FILTER: ListFilter = { name: 'location', label: 'Location', allLabel: 'All locations', options: [] };
const PAYMENT_FILTER: ListFilter = {
  name: 'payment_method',
  label: 'Paid by',
  allLabel: 'Any payment',
  options: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
  minWidth: 150,
};

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
      <FilterSelect
        filter={{ ...LOCATION_FILTER, options: namedOptions(locations.data?.results) }}
        value={filters.location === undefined ? '' : String(filters.location)}
        onChange={(value) => onChange({ location: value || undefined, page: undefined })}
      />
      <FilterSelect
        filter={PAYMENT_FILTER}
        value={filters.payment_method ?? ''}
        onChange={(value) => onChange({ payment_method: value || undefined, page: undefined })}
      />
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
