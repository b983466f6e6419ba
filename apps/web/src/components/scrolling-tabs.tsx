import { Children } from 'react';
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/** Up to this many tabs share a phone's width, each label wrapping if it must, with no scrolling. */
const SHARED_ON_A_PHONE = 3;

/**
 * MUI Tabs that scroll sideways when they do not fit, with the chosen tab in view. On a phone the
 * scroll buttons are there from the first render (MUI's "forced scroll buttons"): shown only once
 * the row overflows ("auto"), they narrowed the row while the chosen tab's scroll-into-view was
 * still animating to a place measured without them, so a later tab opened cut off by their width.
 * A phone's three tabs or fewer (Employees' Salespersons, Therapists, Receptionists) share the width
 * instead, so none hides behind an arrow (docs/decisions/0644). Wider screens keep "auto", where
 * the tabs fit and no buttons take room.
 */
export const ScrollingTabs = (props: TabsProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone && Children.count(props.children) <= SHARED_ON_A_PHONE)
    return (
      <Tabs
        variant="fullWidth"
        {...props}
        sx={[{ '& .MuiTab-root': { minWidth: 0, px: 1 } }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
      />
    );
  return <Tabs variant="scrollable" scrollButtons={phone ? true : 'auto'} allowScrollButtonsMobile {...props} />;
};
