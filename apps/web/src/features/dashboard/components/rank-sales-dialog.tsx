import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { formatDateRange, formatPeso } from '../../../lib/format';
import { RANK_SALES, useRankSales } from '../api/get-reports-data';
import { SaleListItem } from './latest-sales-tile';
import { useBackCloses } from '../../../components/form/back-closes';

type RankSalesDialogProps = {
  salespersonId: number;
  rank: number;
  total: string;
  period: { from: string; to: string };
  onClose: () => void;
};

/** The sales behind my rank: every sale line credited to me in the board's period, newest first. */
export const RankSalesDialog = ({ salespersonId, rank, total, period, onClose }: RankSalesDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, error, isLoading, mutate } = useRankSales(salespersonId, period);
  useBackCloses(true, onClose);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="rank-sales-title">
      <DialogTitle id="rank-sales-title">My sales, {formatDateRange(period.from, period.to)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          #{rank} on the board with {formatPeso(total)} in net sales.
        </Typography>
        {error ? (
          <LoadError title="Your sales could not be loaded" error={error} onRetry={() => void mutate()} />
        ) : null}
        {isLoading ? <LinearProgress aria-label="Loading your sales" /> : null}
        {data && data.results.length === 0 ? (
          <StatusMessage
            icon={<InboxOutlined />}
            title="No sales in this period"
            description="Sales credited to you appear here."
          />
        ) : null}
        <List dense disablePadding aria-label="Sales in this period">
          {data?.results.map((sale) => (
            <SaleListItem key={sale.id} sale={sale} />
          ))}
        </List>
        {data && data.count > RANK_SALES ? (
          <Typography variant="caption" color="textSecondary">
            The newest {RANK_SALES} of {data.count} sale lines.
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
