import { FLAGS, type Flags } from '../config/flags';

/**
 * The feature flags as they stand now: the one way screens, routes and navigation read them
 * (app/screens.ts). Build-time values today (config/flags.ts); a flag read here follows the
 * source when it becomes switchable at run time, without touching its readers.
 */
export const useFlags = (): Flags => FLAGS;
