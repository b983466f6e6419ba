import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { preload, useSWRConfig, type Cache } from 'swr';
import { cache as defaultCache } from 'swr/_internal';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@ginhawa/contract';
import { LoadingOverlay } from '../components/loading-overlay';
import { rememberedChunk } from '../lib/chunk';
import { getMyData, myDataKey, useUser, type User } from '../features/auth/api/get-my-data';
import { prefetcher } from '../lib/swr';
import { FIRST_SCREENS, loadFirstScreenCode, prefetchLayout } from './prefetch';
import { hasSessionHint } from '../features/auth/api/session-hint';
import { useUnauthorizedRedirect } from '../features/auth/api/use-unauthorized-redirect';
import { loadSignedIn, signedInChunk } from './signed-in-chunk';
import { SignedOutApp } from './signed-out-app';
import { useChunk } from './use-chunk';

// Rare (a first sign-in with a password someone else set), so its own chunk, fetched only then.
const choosePasswordChunk = rememberedChunk(() => import('./choose-password-app'));

const LOADING_WORKSPACE = 'Loading your workspace…';

/** The signed-in panel, drawn the moment its code is here (decision 1088). */
const SignedIn = ({ user }: { user: User }) => {
  const panel = useChunk(signedInChunk);
  return panel ? <panel.SignedInApp user={user} /> : <LoadingOverlay text={LOADING_WORKSPACE} />;
};

/** "Choose a new password", the only screen until the person has (decision 0017). */
const ChoosePassword = ({ user }: { user: User }) => {
  const chunk = useChunk(choosePasswordChunk);
  return chunk ? <chunk.ChoosePasswordApp user={user} /> : <LoadingOverlay text={LOADING_WORKSPACE} />;
};

// With a session likely, fetch the panel's code alongside the profile call, and with it the code of
// the layout and of the screen at this address when it is one of the desk's first (decision 1051).
const firstScreen = hasSessionHint() ? FIRST_SCREENS[window.location.pathname] : undefined;
let firstReadsStarted = false;

/**
 * That screen's and the layout's first reads, started as the profile answers rather than once the
 * panel's code has run (decision 1050): once, for a person the server answers everything.
 */
const startFirstReads = (user: User | null | undefined, cache: Cache) => {
  if (!firstScreen || !user || user.mustChangePassword || firstReadsStarted) return;
  firstReadsStarted = true;
  const prefetch = prefetcher(cache);
  prefetchLayout(prefetch);
  firstScreen.prefetch(prefetch, user, new URL(window.location.href));
};

if (hasSessionHint()) {
  void loadSignedIn().catch(() => undefined);
  if (firstScreen) {
    loadFirstScreenCode(window.location.pathname);
    // The profile read starts here, before React has drawn anything, and the first reads the moment
    // it answers (decision 1088); the profile hook takes this same request.
    void preload(myDataKey, getMyData).then(
      (user) => startFirstReads(user, defaultCache),
      () => undefined,
    );
  }
}

/** The same, for an app whose SWR cache is not the default one (and should the read above not have run). */
const useFirstReads = (user: User | null | undefined) => {
  const { cache } = useSWRConfig();
  useEffect(() => startFirstReads(user, cache), [user, cache]);
};

/** Errors outside any route (the panel's code failing to load): docs/product.md §8's route error. */
class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Box sx={{ maxWidth: 560, width: '100%' }}>
          <Typography variant="h5" component="h1" sx={{ mb: 1.5, color: 'error.main' }}>
            {MESSAGES.routeError}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            {this.state.error.message || MESSAGES.unexpected}
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Box>
      </Box>
    );
  }
}

/**
 * The guard (docs/product.md §2, §4): the sign-in screen or the signed-in panel; signing in or out, or
 * any 401, flips between them. A person whose password someone else set sees only "Choose a new
 * password" until they have (decision 0017). Without a session cookie hint the sign-in form shows at once
 * while the profile call confirms it; with one, a loading overlay until the profile answers.
 */
export const App = () => {
  const { user, isLoading } = useUser();
  useUnauthorizedRedirect();
  useFirstReads(user);
  if (isLoading && hasSessionHint()) return <LoadingOverlay text={LOADING_WORKSPACE} />;
  return (
    <AppErrorBoundary>
      {user ? user.mustChangePassword ? <ChoosePassword user={user} /> : <SignedIn user={user} /> : <SignedOutApp />}
    </AppErrorBoundary>
  );
};
