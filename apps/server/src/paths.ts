import path from 'node:path';

/**
 * apps/server, whether this code runs from src/ (tsx, tests) or from the dist/ bundle that
 * `npm start` builds: both sit directly below it.
 */
export const SERVER_ROOT = path.dirname(import.meta.dirname);
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src/db/migrations');
export const DEFAULT_WEB_DIST = path.join(SERVER_ROOT, '../web/dist');
