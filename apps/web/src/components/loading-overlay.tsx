import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

type LoadingOverlayProps = {
  /** Optional line under the spinner, e.g. "Signing you in…". */
  text?: string;
  /** Fade in only after this many ms, so quick loads do not flash. */
  delayMs?: number;
};

/** Full-screen progress overlay: auth loading, screens loading on demand. */
export const LoadingOverlay = ({ text, delayMs = 0 }: LoadingOverlayProps) => (
  <Backdrop
    open
    // Shown at once (it takes over from the splash in index.html); only the delayed variant fades in.
    transitionDuration={delayMs ? undefined : 0}
    aria-busy="true"
    sx={{
      zIndex: (theme) => theme.zIndex.modal + 1,
      flexDirection: 'column',
      gap: 2,
      bgcolor: 'rgba(247, 247, 247, 0.85)',
      animation: delayMs ? `ginhawa-fade-in 200ms ease-out ${delayMs}ms both` : undefined,
      '@keyframes ginhawa-fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
    }}
  >
    <CircularProgress aria-label={text ?? 'Loading'} color="primary" />
    {text ? (
      <Typography color="textSecondary" variant="body2">
        {text}
      </Typography>
    ) : null}
  </Backdrop>
);
