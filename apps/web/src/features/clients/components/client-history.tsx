import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { useClientHistory } from '../api/get-client-history';
import { historyLine } from './history-sentences';

/** What happened to the client, one sentence each, newest first; who recorded it and when under each. */
export const HistoryTab = ({ clientId, clientName }: { clientId: number; clientName: string }) => {
  const history = useClientHistory(clientId);
  if (history.error && history.entries.length === 0)
    return <LoadError title="The history could not be loaded" error={history.error} onRetry={history.retry} />;
  if (history.isLoading) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading history">
        <Skeleton variant="text" height={32} />
        <Skeleton variant="text" height={32} />
      </Box>
    );
  }
  if (history.entries.length === 0) return <StatusMessage icon={<HistoryOutlined />} title="No history yet." />;
  return (
    <>
      <List aria-label="history" disablePadding>
        {history.entries.map((entry) => {
          const line = historyLine(entry, clientName);
          return (
            <ListItem key={entry.id} divider alignItems="flex-start">
              <ListItemText
                primary={line.sentence}
                secondary={line.byline}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      {history.error ? (
        <LoadError title="More history could not be loaded" error={history.error} onRetry={history.retry} />
      ) : null}
      {history.hasMore && !history.error ? (
        <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={history.loadMore} disabled={history.loadingMore}>
            {history.loadingMore ? 'Loading…' : `Load more (${history.count - history.entries.length} older)`}
          </Button>
        </Box>
      ) : null}
    </>
  );
};
