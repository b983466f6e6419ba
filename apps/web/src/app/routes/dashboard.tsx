import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isAdmin, roleOf } from '../../features/auth/api/get-my-data';
import { GreetingCard } from '../../features/dashboard/components/greeting-card';
import { ClientSearch } from '../../features/clients/components/client-search';
import { paths } from '../../config/paths';
import { capitalizeWords } from '../../lib/format';
import { useCurrentUser } from '../layout/current-user';

type Shortcut = { to: string; title: string; description: string; icon: ReactNode };

const ShortcutCard = ({ to, title, description, icon }: Shortcut) => (
  <Card>
    <CardActionArea component={Link} to={to} sx={{ p: 2.5, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2 }}>
      <Box sx={{ width: 44, height: 44, borderRadius: 2.5, display: 'grid', placeItems: 'center', bgcolor: 'rgba(47, 111, 94, 0.1)', color: 'primary.main', flexShrink: 0 }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
    </CardActionArea>
  </Card>
);

/** /dashboard: the greeting now; arrivals, sales and the leaderboard come with later issues. */
export const DashboardRoute = () => {
  const user = useCurrentUser();
  const [now] = useState(() => new Date());
  const shortcuts: Shortcut[] = [
    { to: paths.notifications, title: 'Notifications', description: 'Requests, approvals and announcements', icon: <NotificationsOutlined /> },
    { to: paths.profile, title: 'Your profile', description: 'Photo, details and password', icon: <PersonOutlined /> },
    ...(isAdmin(user)
      ? [{ to: paths.admin.menu, title: 'Admin', description: 'Employees, clients, locations and services', icon: <AdminPanelSettingsOutlined /> }]
      : []),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <GreetingCard firstName={capitalizeWords(user.firstName) || user.username} role={roleOf(user)} locations={user.locations.map((l) => l.name)} now={now} />
      <Card sx={{ p: { xs: 2, sm: 2.5 } }}>
        <ClientSearch linkTo={paths.client} />
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {shortcuts.map((shortcut) => (
          <ShortcutCard key={shortcut.to} {...shortcut} />
        ))}
      </Box>
    </Box>
  );
};
