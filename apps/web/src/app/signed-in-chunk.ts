import { loadChunk } from '../lib/chunk';
import type * as SignedInModule from './signed-in-app';

type Panel = typeof SignedInModule;
let panel: Panel | undefined;

/**
 * The signed-in panel's code (its own chunk, decision 0010). Fetched while the sign-in request is
 * on its way (routes/login.tsx) or beside the profile call when a session is likely (app.tsx), so
 * it is there when the answer is (decision 1051).
 */
export const loadSignedIn = (): Promise<Panel> =>
  loadChunk(() => import('./signed-in-app')).then((module) => (panel = module));

/** The panel's code if it has loaded already, so it is drawn at once (decision 1088). */
export const loadedSignedIn = (): Panel | undefined => panel;
