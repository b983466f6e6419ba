import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CalendarTodayOutlined from '@mui/icons-material/CalendarTodayOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { formatManilaDate, greetingFor } from '../../../lib/format';

type GreetingCardProps = {
  firstName: string;
  role: string;
  /** Where the person works; none for head-office accounts. */
  locations: string[];
  /** "Now", injectable so tests are stable. */
  now: Date;
};

/** The dashboard's greeting: name, role, and today's date where the business is (Manila). */
export const GreetingCard = ({ firstName, role, locations, now }: GreetingCardProps) => (
  <Card
    sx={{
      p: { xs: 2.5, sm: 4 },
      color: 'primary.contrastText',
      border: 0,
      background: 'linear-gradient(135deg, #2f6f5e 0%, #3f8a74 55%, #6fae96 100%)',
      position: 'relative',
      overflow: 'hidden',
    }}
  >
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        right: -60,
        top: -60,
        width: 220,
        height: 220,
        borderRadius: '50%',
        bgcolor: 'rgba(255,255,255,0.08)',
      }}
    />
    <Typography variant="overline" sx={{ opacity: 0.85 }}>
      {role}
    </Typography>
    <Typography variant="h3" component="h1" sx={{ mt: 0.5, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
      {greetingFor(now)}, {firstName}
    </Typography>
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <Chip
        icon={<CalendarTodayOutlined />}
        label={`${formatManilaDate(now)} · Manila`}
        sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', '& .MuiChip-icon': { color: 'inherit' } }}
      />
      {locations.length ? (
        <Chip
          icon={<PlaceOutlined />}
          label={locations.join(', ')}
          sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit', '& .MuiChip-icon': { color: 'inherit' } }}
        />
      ) : null}
    </Box>
  </Card>
);
