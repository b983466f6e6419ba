import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureZod } from '@ginhawa/contract';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { listenForBack } from './components/form/back-closes';
import { hasSessionHint } from './features/auth/api/session-hint';

// The contract's plain-language field messages: its own call is dropped from the build (decision 1091).
configureZod();
// Before any router listens: Back closes a dialog without the router seeing it (decision 0643).
listenForBack();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProvider>
      <App />
    </AppProvider>
  </StrictMode>
);
// The server sent the sign-in form already drawn (signed-out.html, decision 1061): React takes that
// markup over, keeping what was typed. Otherwise (the splash, or a session hint since) it draws anew.
if (container.dataset.prerendered === 'sign-in' && !hasSessionHint()) hydrateRoot(container, app);
else createRoot(container).render(app);
