/*
 * The dashboard's tiles of everyone but the desk, as one chunk the dashboard fetches only for the
 * people who have them (docs/decisions/1053); app/prefetch.ts starts it beside the dashboard's own.
 */
export { ManagerTiles, SalespersonTiles, TherapistTiles } from '../../features/dashboard/components/role-tiles';
export { EarnedTile } from '../../features/payroll/components/earned-tile';
export { PayRunsTile } from '../../features/payroll/components/pay-runs-tile';
