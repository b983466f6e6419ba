import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from '@ginhawa/contract';
import { CompanyBrand } from '../../features/settings/components/company-brand';
import { DeskTerminalChip } from '../../features/invoicing/components/desk-terminal-chip';
import { useFlags } from '../../lib/flags';
import { AdminNavContext } from './admin-nav-context';
import { BottomBar } from './bottom-bar';
import { useClientSearchShortcut } from './client-search-shortcut';
import { MAIN_ID, SkipLink, useFocusMainOnMount } from './main-focus';
import { OfflineBanner } from './offline-banner';
import { useCurrentUser } from './current-user';
import { ADMIN_NAV, visibleItems } from './nav-items';
import { SideDrawer } from './side-drawer';
import { useLogout } from './use-logout';

/**
 * The signed-in layout: side drawer from sm up, a slim header and the bottom bar on phones; a skip
 * link first, the offline banner over the screen (docs/decisions/0620).
 */
export const AppLayout = () => {
  const user = useCurrentUser();
  const { logout, pending } = useLogout();
  const handleLogout = () => void logout();
  // Only admins reach the admin menu (RequireAdmin), so the entries are those an admin sees.
  const adminItems = visibleItems(ADMIN_NAV, { isAdmin: true, flags: useFlags() });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useFocusMainOnMount();
  useClientSearchShortcut();

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <SideDrawer user={user} onLogout={handleLogout} logoutPending={pending} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{
            display: { xs: 'flex', sm: 'none' },
            borderBottom: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Toolbar sx={{ minHeight: 56 }}>
            <CompanyBrand logoSize={30} nameVariant="subtitle1" />
            <Box sx={{ ml: 'auto', minWidth: 0, pl: 1 }}>
              {phone ? <DeskTerminalChip groups={user.groups} locations={user.locations} /> : null}
            </Box>
          </Toolbar>
        </AppBar>
        <OfflineBanner />
        <Box
          component="main"
          id={MAIN_ID}
          sx={{
            flex: 1,
            px: { xs: 2, sm: 3, md: 4 },
            pt: { xs: 2.5, sm: 4 },
            pb: { xs: `${BOTTOM_NAV_HEIGHT + 24}px`, sm: 4 },
          }}
        >
          <Box sx={{ maxWidth: 1120, mx: 'auto' }}>
            {/* The desk's terminal while invoicing is on (decision 1010): in the phone's header, else above the page. */}
            {phone ? null : (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -2, mb: 1, '&:empty': { display: 'none' } }}>
                <DeskTerminalChip groups={user.groups} locations={user.locations} />
              </Box>
            )}
            <AdminNavContext value={adminItems}>
              <Outlet />
            </AdminNavContext>
          </Box>
        </Box>
      </Box>
      <BottomBar user={user} onLogout={handleLogout} logoutPending={pending} />
    </Box>
  );
};
