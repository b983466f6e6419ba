import { createContext, useCallback, useContext, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { dialogClasses } from '@mui/material/Dialog';
import { dialogTitleClasses } from '@mui/material/DialogTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@ginhawa/contract';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

/** `top`: where the toast starts when a full-screen dialog's title bar is in the way (px from the top). */
type SnackbarState = {
  id: number;
  open: boolean;
  severity: SnackbarSeverity;
  message: string;
  /** A bold first line above the message (a live notification's title); none for most toasts. */
  title?: string;
  top?: number;
};

/** The gap MUI leaves between a phone's top edge and a top-anchored toast; kept below a title bar too. */
const GAP = 8;

/**
 * Below the title bar of the topmost full-screen dialog (a phone's: ResponsiveDialog and the others go
 * full screen below `sm`), so the toast never hides its title and close button; undefined when none is
 * open, the toast keeping its corner (docs/decisions/0621).
 */
const belowFullScreenTitle = (): number | undefined => {
  const titles = document.querySelectorAll(`.${dialogClasses.paperFullScreen} .${dialogTitleClasses.root}`);
  const title = titles[titles.length - 1];
  return title ? Math.ceil(title.getBoundingClientRect().bottom) + GAP : undefined;
};

type SnackbarContextValue = {
  /** Shows one toast (top right, 4 s; below a full-screen dialog's title bar); a new one replaces the current one. */
  showSnackbar: (message: string, severity?: SnackbarSeverity, title?: string) => void;
  closeSnackbar: () => void;
};

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<SnackbarState>({ id: 0, open: false, severity: 'info', message: '' });

  const showSnackbar = useCallback((message: string, severity: SnackbarSeverity = 'info', title?: string) => {
    setState((prev) => ({ id: prev.id + 1, open: true, severity, message, title, top: belowFullScreenTitle() }));
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
        sx={state.top === undefined ? undefined : { top: state.top }}
      >
        <Alert
          onClose={() => closeSnackbar()}
          severity={state.severity}
          variant="filled"
          sx={{ width: '100%', minWidth: 280, alignItems: 'center', boxShadow: 3 }}
        >
          {state.title ? <AlertTitle>{state.title}</AlertTitle> : null}
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
