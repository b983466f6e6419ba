import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { LoadError } from './load-error';
import { StatusMessage } from './status-message';

type TileProps = {
  title: string;
  /** Beside the title: a switch, a link. */
  action?: ReactNode;
  /** Loading → skeleton rows; error → LoadError with Try again; empty → what to do; else children. */
  state: { isLoading: boolean; error: unknown; empty: boolean; retry: () => void };
  /** "Your sales could not be loaded". */
  errorTitle: string;
  /** The empty state: what it means and what to do. */
  emptyTitle: string;
  emptyHint?: ReactNode;
  children: ReactNode;
};

/** One dashboard tile: a titled card with the house loading, empty and error states. */
export const Tile = ({ title, action, state, errorTitle, emptyTitle, emptyHint, children }: TileProps) => {
  let body: ReactNode;
  if (state.error) body = <LoadError title={errorTitle} error={state.error} onRetry={state.retry} />;
  else if (state.isLoading)
    body = (
      <Box aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="text" width="60%" height={32} />
        <Skeleton variant="rounded" height={20} />
        <Skeleton variant="rounded" height={20} width="80%" />
      </Box>
    );
  else if (state.empty) body = <StatusMessage icon={<InboxOutlined />} title={emptyTitle} description={emptyHint} />;
  else body = children;
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {body}
    </Card>
  );
};
