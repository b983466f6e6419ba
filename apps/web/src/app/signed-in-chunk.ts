import { rememberedChunk } from '../lib/chunk';

/**
 * The signed-in panel's code (its own chunk, decision 0010). Fetched while the sign-in request is
 * on its way (routes/login.tsx) or beside the profile call when a session is likely (app.tsx), so
 * it is there when the answer is (decision 1051), and drawn at once when it is (decision 1088).
 */
export const signedInChunk = rememberedChunk(() => import('./signed-in-app'));
export const loadSignedIn = signedInChunk.load;
