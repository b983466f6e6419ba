import { SCREENS } from '../app/screens';

/**
 * The drawer's Admin section in the manifest's order with every feature flag on (as the demo
 * database's stored settings have them): the unit test of the drawer and the layout journey both
 * expect it. Read from the manifest (app/screens.ts), which owns the order.
 */
export const ADMIN_ENTRIES_ALL_FLAGS = SCREENS.flatMap((screen) =>
  screen.nav?.places.includes('admin') ? [screen.nav.label] : [],
);

/** The same section while every flag is off: only the unflagged entries. */
export const ADMIN_ENTRIES_NO_FLAGS = SCREENS.flatMap((screen) =>
  screen.nav?.places.includes('admin') && !screen.flag && !screen.nav.flag ? [screen.nav.label] : [],
);
