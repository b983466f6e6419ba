import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DRAWER_WIDTH, DRAWER_WIDTH_COLLAPSED } from '@ginhawa/contract';
import { isAdmin, roleOf, type User } from '../../features/auth/api/get-my-data';
import { NotificationsIcon } from '../../features/notifications/components/notifications-icon';
import { CompanyBrand } from '../../features/settings/components/company-brand';
import { paths } from '../../config/paths';
import { ADMIN_NAV, MAIN_NAV, activeItem, visibleItems, type NavItem } from './nav-items';
import { useFlags } from '../../lib/flags';
import { UserAvatar, fullNameOf } from '../../features/auth/components/user-avatar';

type SideDrawerProps = {
  user: User;
  onLogout: () => void;
  logoutPending?: boolean;
};

const itemSx = (expanded: boolean) =>
  ({
    minHeight: 44,
    px: expanded ? 1.5 : 0,
    justifyContent: expanded ? 'flex-start' : 'center',
    color: 'text.secondary',
    '& .MuiListItemIcon-root': { minWidth: 0, mr: expanded ? 1.5 : 0, color: 'inherit' },
    '&.Mui-selected': { bgcolor: 'rgba(47, 111, 94, 0.1)', color: 'primary.main' },
    '&.Mui-selected:hover': { bgcolor: 'rgba(47, 111, 94, 0.14)' },
    '&.Mui-selected .MuiListItemText-primary': { fontWeight: 600 },
  }) as const;

/**
 * One entry of a list: the link or button inside its own <li> (a <ul> may hold only <li>s, axe's
 * "list" rule), with a tooltip when icons only (a label beside the icon when expanded).
 */
const Entry = ({ title, show, children }: { title: string; show: boolean; children: ReactNode }) => (
  <ListItem disablePadding sx={{ display: 'block' }}>
    {show ? (
      <Tooltip title={title} placement="right">
        {/* A wrapper, so the tooltip still works on a disabled button (Logout while logging out). */}
        <Box>{children}</Box>
      </Tooltip>
    ) : (
      children
    )}
  </ListItem>
);

const NavEntry = ({
  item,
  icon,
  selected,
  expanded,
}: {
  item: NavItem;
  icon: ReactNode;
  selected: boolean;
  expanded: boolean;
}) => (
  <Entry title={item.label} show={!expanded}>
    <ListItemButton
      component={NavLink}
      to={item.path}
      selected={selected}
      aria-label={expanded ? undefined : item.label}
      sx={itemSx(expanded)}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {expanded ? (
        <ListItemText primary={item.label} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />
      ) : null}
    </ListItemButton>
  </Entry>
);

/** The admin screens, under their own heading (a rule above them when icons only). */
const AdminSection = ({ items, active, expanded }: { items: NavItem[]; active?: NavItem; expanded: boolean }) => (
  <List
    disablePadding
    aria-label="Admin"
    // Icons only, a rule above the section stands for its heading (no <hr> inside the <ul>).
    sx={{
      display: 'flex',
      flexDirection: 'column',
      gap: 0.5,
      mt: 2,
      ...(expanded ? {} : { borderTop: '1px solid', borderColor: 'divider', pt: 1 }),
    }}
    subheader={
      expanded ? (
        <ListSubheader
          disableSticky
          sx={{
            bgcolor: 'transparent',
            lineHeight: '32px',
            px: 1.5,
            typography: 'overline',
            color: 'text.secondary',
          }}
        >
          Admin
        </ListSubheader>
      ) : undefined
    }
  >
    {items.map((item) => (
      <NavEntry key={item.path} item={item} icon={<item.icon />} selected={active === item} expanded={expanded} />
    ))}
  </List>
);

/** The signed-in person (a link to their profile) and Logout, at the foot of the drawer. */
const AccountEntries = ({
  user,
  onLogout,
  logoutPending,
  expanded,
}: Required<SideDrawerProps> & { expanded: boolean }) => {
  const { pathname } = useLocation();
  const name = fullNameOf(user);
  const role = roleOf(user);
  return (
    <List disablePadding sx={{ px: 1.25, py: 1.25, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Entry title={`${name} · ${role}`} show={!expanded}>
        <ListItemButton
          component={NavLink}
          to={paths.profile}
          selected={pathname === paths.profile}
          aria-label={expanded ? undefined : `${name}, ${role}`}
          sx={{ ...itemSx(expanded), minHeight: 52, px: expanded ? 1 : 0 }}
        >
          <ListItemIcon>
            <UserAvatar user={user} size={36} />
          </ListItemIcon>
          {expanded ? (
            <ListItemText
              primary={name}
              secondary={role}
              slotProps={{
                primary: { variant: 'body2', noWrap: true, sx: { fontWeight: 600, color: 'text.primary' } },
                secondary: { variant: 'caption', noWrap: true },
              }}
            />
          ) : null}
        </ListItemButton>
      </Entry>
      <Entry title="Logout" show={!expanded}>
        <ListItemButton
          onClick={onLogout}
          disabled={logoutPending}
          aria-label={expanded ? undefined : 'Logout'}
          sx={itemSx(expanded)}
        >
          <ListItemIcon>
            <LogoutOutlined />
          </ListItemIcon>
          {expanded ? <ListItemText primary="Logout" slotProps={{ primary: { variant: 'body2' } }} /> : null}
        </ListItemButton>
      </Entry>
    </List>
  );
};

/**
 * The permanent side drawer (docs/product.md §2): 220 wide from md up, 72 with icons only between sm and md;
 * hidden on phones, where the bottom bar takes over.
 */
export const SideDrawer = ({ user, onLogout, logoutPending = false }: SideDrawerProps) => {
  const theme = useTheme();
  const expanded = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  const admin = isAdmin(user);
  const flags = useFlags();
  const mainItems = visibleItems(MAIN_NAV, { isAdmin: admin, flags, groups: user.groups });
  const adminItems = admin ? visibleItems(ADMIN_NAV, { isAdmin: admin, flags }) : [];
  const active = activeItem([...mainItems, ...adminItems], pathname);
  const width = { sm: DRAWER_WIDTH_COLLAPSED, md: DRAWER_WIDTH };

  return (
    <Drawer
      variant="permanent"
      sx={{ display: { xs: 'none', sm: 'block' }, width, flexShrink: 0 }}
      slotProps={{
        paper: {
          component: 'nav',
          'aria-label': 'Side navigation',
          sx: { width, boxSizing: 'border-box', borderRight: '1px solid', borderColor: 'divider', overflowX: 'hidden' },
        },
      }}
    >
      <Box
        sx={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          justifyContent: expanded ? 'flex-start' : 'center',
          px: expanded ? 2 : 0,
        }}
      >
        <CompanyBrand logoSize={36} hideName={!expanded} nameVariant="subtitle1" />
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', px: 1.25, py: 1.5 }}>
        <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {mainItems.map((item) => (
            <NavEntry
              key={item.path}
              item={item}
              icon={item.path === paths.notifications ? <NotificationsIcon /> : <item.icon />}
              selected={active === item}
              expanded={expanded}
            />
          ))}
        </List>
        {adminItems.length ? <AdminSection items={adminItems} active={active} expanded={expanded} /> : null}
      </Box>
      <Divider />
      <AccountEntries user={user} onLogout={onLogout} logoutPending={logoutPending} expanded={expanded} />
    </Drawer>
  );
};
