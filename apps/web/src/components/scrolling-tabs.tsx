import Tabs, { type TabsProps } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * MUI Tabs that scroll sideways when they do not fit, with the chosen tab in view. On a phone the
 * scroll buttons are there from the first render (MUI's "forced scroll buttons"): shown only once
 * the row overflows ("auto"), they narrowed the row while the chosen tab's scroll-into-view was
 * still animating to a place measured without them, so a later tab opened cut off by their width.
 * Wider screens keep "auto", where the tabs fit and no buttons take room.
 */
export const ScrollingTabs = (props: TabsProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return <Tabs variant="scrollable" scrollButtons={phone ? true : 'auto'} allowScrollButtonsMobile {...props} />;
};
