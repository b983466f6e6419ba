/**
 * The drawer's Admin section in its order with every feature flag on (as the demo database's
 * stored settings have them): the unit test of the drawer and the layout journey both expect it.
 */
export const ADMIN_ENTRIES_ALL_FLAGS = [
  'Sales overview',
  'Users',
  'Employees',
  'Client records',
  'Locations',
  'Tax and invoices',
  'Services',
  'Banks',
  'Reports',
  'Pay runs',
  'Settings',
];
