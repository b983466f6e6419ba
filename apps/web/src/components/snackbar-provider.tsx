import { createContext, useCallback, useContext, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@ginhawa/contract';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

type SnackbarState = { id: number; open: boolean; severity: SnackbarSeverity; message: string };

type SnackbarContextValue = {
  /** Shows one toast (top right, 4 s); a new one replaces the current one. */
  showSnackbar: (message: string, severity?: SnackbarSeverity) => void;
  closeSnackbar: () => void;
};

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<SnackbarState>({ id: 0, open: false, severity: 'info', message: '' });

  const showSnackbar = useCallback((message: string, severity: SnackbarSeverity = 'info') => {
    setState((prev) => ({ id: prev.id + 1, open: true, severity, message }));
  }, []);
  const closeSnackbar = useCallback(() => setState((prev) => ({ ...prev, open: false })), []);

  const handleClose = (_event: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // docs/product.md §4: close button, Escape or the timer; a click elsewhere leaves it up.
    if (reason === 'clickaway') return;
    closeSnackbar();
  };

  const value = useMemo(() => ({ showSnackbar, closeSnackbar }), [showSnackbar, closeSnackbar]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={state.id}
        open={state.open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Alert
          onClose={() => closeSnackbar()}
          severity={state.severity}
          variant="filled"
          sx={{ width: '100%', minWidth: 280, alignItems: 'center', boxShadow: 3 }}
        >
          {state.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
};

export const useSnackbar = (): SnackbarContextValue => {
  const value = useContext(SnackbarContext);
  if (!value) throw new Error('useSnackbar must be used inside <SnackbarProvider>.');
  return value;
};
