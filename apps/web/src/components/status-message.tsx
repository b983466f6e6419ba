import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type StatusMessageProps = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
};

/** A centred empty, not-found or error state inside a card. */
export const StatusMessage = ({ icon, title, description, action, tone = 'neutral' }: StatusMessageProps) => (
  <Box role={tone === 'error' ? 'alert' : 'status'} sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 3 }}>
    <Box
      sx={{
        width: 56,
        height: 56,
        mx: 'auto',
        mb: 2,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: tone === 'error' ? 'rgba(211, 47, 47, 0.08)' : 'rgba(47, 111, 94, 0.08)',
        color: tone === 'error' ? 'error.main' : 'primary.main',
      }}
    >
      {icon}
    </Box>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {description ? (
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75, maxWidth: 420, mx: 'auto' }}>
        {description}
      </Typography>
    ) : null}
    {action ? <Box sx={{ mt: 2.5 }}>{action}</Box> : null}
  </Box>
);
