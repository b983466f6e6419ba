import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import { useContext } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { AdminNavContext } from '../../layout/admin-nav-context';
import { switchedOff } from '../../../features/settings/components/features-section';
import { paths } from '../../../config/paths';
import { useFlags } from '../../../lib/flags';

/** /admin/menu (and /admin): the admin entries as a list, the phone's way into the admin area. */
export const AdminMenuRoute = () => {
  const items = useContext(AdminNavContext);
  // A business without demo data starts with these screens off (decision 0610): say where they are.
  const off = switchedOff(useFlags());
  return (
    <>
      <PageHeader title="Admin" subtitle="Manage the business: people, places and services" />
      <Card>
        <List disablePadding aria-label="Admin menu">
          {items.map((item, index) => (
            // The line between entries is the item's own border: a separator <li> is no list item (axe's "list").
            <ListItem key={item.path} disablePadding divider={index < items.length - 1}>
              <ListItemButton component={Link} to={item.path} sx={{ px: { xs: 2, sm: 3 }, py: 1.75, borderRadius: 0 }}>
                <ListItemIcon sx={{ minWidth: 0, mr: 2 }}>
                  <Box
                    sx={{
                      width: 40,
                      height: 40,
                      borderRadius: 2.5,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(47, 111, 94, 0.1)',
                      color: 'primary.main',
                    }}
                  >
                    <item.icon />
                  </Box>
                </ListItemIcon>
                <ListItemText
                  primary={item.label}
                  secondary={item.description}
                  slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { variant: 'body2' } }}
                />
                <ChevronRightOutlined sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Card>
      {off.length ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Switched off for now: {off.join(', ')}. Turn them on under{' '}
          <MuiLink component={Link} to={paths.admin.settings}>
            Settings → Features
          </MuiLink>
          .
        </Alert>
      ) : null}
    </>
  );
};
