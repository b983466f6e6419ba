import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CompanyBrand } from '../../features/settings/components/company-brand';

type AuthFrameProps = { title: string; subtitle: string; children: ReactNode };

/**
 * The frame of the screens before the panel (signing in, choosing one's own password): the
 * company's brand over one centred card, a full-width card on a phone.
 */
export const AuthFrame = ({ title, subtitle, children }: AuthFrameProps) => (
  <Box
    component="main"
    sx={{
      minHeight: '100dvh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      px: 2,
      py: 4,
      background: 'radial-gradient(1200px 600px at 50% -10%, rgba(95, 166, 143, 0.18), transparent 70%)',
    }}
  >
    <Card sx={{ width: '100%', maxWidth: 420, borderRadius: '20px' }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <CompanyBrand logoSize={72} direction="column" nameVariant="h5" />
        </Box>
        <Typography variant="h6" component="h1" sx={{ textAlign: 'center', mb: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', mb: 3 }}>
          {subtitle}
        </Typography>
        {children}
      </CardContent>
    </Card>
    <Typography variant="caption" color="textSecondary" sx={{ mt: 3 }}>
      Staff back office
    </Typography>
  </Box>
);
