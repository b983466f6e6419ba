import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { apiClient, setUnauthorizedHandler } from '../lib/api-client';
import { forgetDialogEntries } from '../components/form/back-closes';
import { forgetPrefetches } from '../lib/swr';

// Lazy screens and MUI render slowly in jsdom on a busy 2-core machine: wait up to 15 s for what
// a person would see, instead of Testing Library's default 1 s (a large screen took 10 s under load).
configure({ asyncUtilTimeout: 15_000 });

const realAdapter = apiClient.defaults.adapter;

/** A dialog's history entry still on top after its test (decision 0643): its Back is on the way. */
const dialogEntryOnTop = () =>
  typeof window !== 'undefined' && Boolean((window.history.state as Record<string, unknown> | null)?.ginhawaDialog);

afterEach(async () => {
  cleanup();
  // A dialog unmounted by cleanup takes its history entry off with an asynchronous Back; let it land
  // here, not in the next test, where it would move that test's address back to this one's page.
  for (let i = 0; i < 10 && dialogEntryOnTop(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  forgetDialogEntries();
  // A route's loader preloads into SWR's global state (decision 1050): not the next test's answers.
  forgetPrefetches();
  apiClient.defaults.adapter = realAdapter;
  setUnauthorizedHandler(null);
  // Files that opt into the node environment (`@vitest-environment node`) have no document.
  if (typeof document !== 'undefined') {
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
  // Drafts and a kept open dialog (decision 0643) belong to the test that typed them.
  if (typeof window !== 'undefined') window.sessionStorage.clear();
});

// The web project shares one window between the files a worker runs (isolate: false in
// vite.config.ts): what a file leaves in it, each file before had in a window of its own.
afterAll(() => {
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  // setViewportWidth's stand-in; jsdom has no matchMedia of its own.
  Reflect.deleteProperty(window, 'matchMedia');
});
