import { useState, type MouseEvent } from 'react';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Link, useLocation, useNavigate } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from '@ginhawa/contract';
import { isAdmin, roleOf, type User } from '../../features/auth/api/get-my-data';
import { NotificationsIcon } from '../../features/notifications/components/notifications-icon';
import { paths } from '../../config/paths';
import { addressName } from '../../lib/format';
import { BOTTOM_NAV, visibleItems } from './nav-items';
import { useFlags } from '../../lib/flags';
import { UserAvatar, fullNameOf } from '../../features/auth/components/user-avatar';
import { visuallyHidden } from '../../components/visually-hidden';
import { useBackCloses } from '../../components/form/back-closes';

type BottomBarProps = {
  user: User;
  onLogout: () => void;
  logoutPending?: boolean;
};

const USER_MENU = 'user-menu';

/** Which bottom item a path belongs to: everything under /admin lights Admin. */
const selectedValue = (pathname: string): string | false => {
  if (pathname === paths.dashboard) return paths.dashboard;
  if (pathname === paths.notifications) return paths.notifications;
  if (pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`)) return paths.admin.menu;
  if (pathname === paths.profile) return USER_MENU;
  return false;
};

/**
 * The phone navigation (docs/product.md §2): 56 high; Dashboard, Admin (admins only), Notifications,
 * and a user-menu entry offering Profile and Logout.
 */
export const BottomBar = ({ user, onLogout, logoutPending = false }: BottomBarProps) => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const items = visibleItems(BOTTOM_NAV, { isAdmin: isAdmin(user), flags: useFlags(), groups: user.groups });
  const firstName = addressName(user);

  const handleOpenMenu = (event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget);
  const handleCloseMenu = () => setMenuAnchor(null);
  // The phone's Back closes the account menu, not the page (decision 0643).
  useBackCloses(menuAnchor !== null, handleCloseMenu);

  return (
    <Paper
      elevation={0}
      sx={{
        display: { xs: 'block', sm: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        borderTop: '1px solid',
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        component="nav"
        aria-label="Bottom navigation"
        showLabels
        value={selectedValue(pathname)}
        sx={{ height: BOTTOM_NAV_HEIGHT, '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 } }}
      >
        {items.map((item) => (
          <BottomNavigationAction
            key={item.path}
            component={Link}
            to={item.path}
            value={item.path}
            label={item.label}
            icon={item.path === paths.notifications ? <NotificationsIcon /> : <item.icon />}
          />
        ))}
        <BottomNavigationAction
          value={USER_MENU}
          // The name comes from what shows (the first name) and goes on unseen, so it begins with the
          // visible label (WCAG 2.5.3); the avatar's initials are left out of it.
          label={
            <>
              {firstName}
              <Box component="span" sx={visuallyHidden}>
                : Account menu for {fullNameOf(user)}
              </Box>
            </>
          }
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? 'bottom-bar-user-menu' : undefined}
          icon={
            <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
              <UserAvatar user={user} size={24} />
            </Box>
          }
          onClick={handleOpenMenu}
        />
      </BottomNavigation>
      <Menu
        id="bottom-bar-user-menu"
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={handleCloseMenu}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mb: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <UserAvatar user={user} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {fullNameOf(user)}
            </Typography>
            <Typography variant="caption" color="textSecondary" noWrap component="p">
              {roleOf(user)}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            handleCloseMenu();
            void navigate(paths.profile);
          }}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem
          disabled={logoutPending}
          onClick={() => {
            handleCloseMenu();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </Paper>
  );
};
