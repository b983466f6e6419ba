import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@ginhawa/contract';
import { choosePlacement, toastPlaces, type Placement } from './toast-placement';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

type SnackbarState = {
  id: number;
  open: boolean;
  severity: SnackbarSeverity;
  message: string;
  /** A bold first line above the message (a live notification's title); none for most toasts. */
  title?: string;
};

/**
 * Keeps the open toast where it covers no control (docs/decisions/0641): placed before it is first
 * painted, and again when the page under it changes (a list that grows, a dialog that opens), the
 * window is resized, or the page or a part of it scrolls (the floor's day view scrolling to the
 * hour brings bookings under it). Undefined until measured (the toast stays hidden for that one layout).
 */
const useToastPlacement = (open: boolean, id: number) => {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Placement | undefined>();
  useLayoutEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const alert = root.firstElementChild as HTMLElement | null;
    const update = () => {
      const size = { width: alert?.offsetWidth ?? 0, height: alert?.offsetHeight ?? 0 };
      const { candidates, obstacles } = toastPlaces(size, root);
      const next = choosePlacement(candidates, size.height, obstacles);
      setPlace((prev) =>
        prev && next && prev.top === next.top && prev.left === next.left && prev.width === next.width ? prev : next,
      );
    };
    update();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    // A scroll does not bubble: caught on its way down, whichever element scrolls.
    document.addEventListener('scroll', later, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', later);
      document.removeEventListener('scroll', later, { capture: true });
    };
  }, [open, id]);
  return { ref, place };
};

type SnackbarContextValue = {
  /**
   * Shows one toast where it covers no control (decision 0641); success and info hide after 4 s, an
   * error or warning stays until closed. A new one replaces the current one.
   */
  showSnackbar: (message: string, severity?: SnackbarSeverity, title?: string) => void;
  closeSnackbar: () => void;
};

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<SnackbarState>({ id: 0, open: false, severity: 'info', message: '' });

  const showSnackbar = useCallback((message: string, severity: SnackbarSeverity = 'info', title?: string) => {
    setState((prev) => ({ id: prev.id + 1, open: true, severity, message, title }));
  }, []);
  const closeSnackbar = useCallback(() => setState((prev) => ({ ...prev, open: false })), []);

  const handleClose = (_event: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // docs/product.md §4: close button, Escape or the timer; a click elsewhere leaves it up.
    if (reason === 'clickaway') return;
    closeSnackbar();
  };

  const { ref, place } = useToastPlacement(state.open, state.id);
  const stays = state.severity === 'error' || state.severity === 'warning';

  const value = useMemo(() => ({ showSnackbar, closeSnackbar }), [showSnackbar, closeSnackbar]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={state.id}
        open={state.open}
        ref={ref}
        autoHideDuration={stays ? null : SNACKBAR_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        // Inline, so the anchor's own breakpoint offsets (MUI's media queries) do not win over it.
        style={
          place
            ? { top: place.top, left: place.left, width: place.width, right: 'auto', bottom: 'auto', transform: 'none' }
            : { visibility: 'hidden' }
        }
      >
        <Alert
          onClose={() => closeSnackbar()}
          severity={state.severity}
          variant="filled"
          sx={{ width: '100%', minWidth: 280, maxWidth: { sm: 480 }, alignItems: 'center', boxShadow: 3 }}
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
