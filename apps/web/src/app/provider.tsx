import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { SnackbarProvider } from '../components/snackbar-provider';
import { swrConfig } from '../lib/swr';
import { theme } from '../config/theme';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass a fresh cache and no dedupe here; the app uses docs/product.md §7's read settings. */
  swr?: SWRConfiguration;
};

export const AppProvider = ({ children, swr }: AppProviderProps) => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <SWRConfig value={{ ...swrConfig, ...swr }}>
      <SnackbarProvider>{children}</SnackbarProvider>
    </SWRConfig>
  </ThemeProvider>
);
