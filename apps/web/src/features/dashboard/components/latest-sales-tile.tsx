import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Tile } from '../../../components/tile';
import { formatDate, formatPeso } from '../../../lib/format';
import type { SaleLineRead } from '@ginhawa/contract';
import { useMySales } from '../api/get-reports-data';

const kindLabel = (kind: string) => kind.replace(/_/g, ' ');

/** One sale line as the salesperson's lists show it: day and place, kind and reference, net. */
export const SaleListItem = ({ sale }: { sale: SaleLineRead }) => (
  <ListItem
    disableGutters
    secondaryAction={<Typography sx={{ fontWeight: 600 }}>{formatPeso(sale.net_amount)}</Typography>}
  >
    <ListItemText
      primary={`${formatDate(sale.date)} · ${sale.location_name}`}
      secondary={`${kindLabel(sale.kind)}${sale.reference ? ` · ${sale.reference}` : ''}`}
    />
  </ListItem>
);

/** Salesperson: the last sales credited to me, newest first. */
export const LatestSalesTile = ({ salespersonId }: { salespersonId: number }) => {
  const { data, error, isLoading, mutate } = useMySales(salespersonId);
  return (
    <Tile
      title="My latest sales"
      state={{ isLoading, error, empty: data?.results.length === 0, retry: () => void mutate() }}
      errorTitle="Your latest sales could not be loaded"
      emptyTitle="No sales yet"
      emptyHint="Sales credited to you appear here the moment they are recorded."
    >
      <List dense disablePadding>
        {data?.results.map((sale) => (
          <SaleListItem key={sale.id} sale={sale} />
        ))}
      </List>
    </Tile>
  );
};
