import type { ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useBackCloses } from './back-closes';

type ResponsiveDialogProps = {
  open?: boolean;
  /** While a request runs, Escape and a click outside do not close it (the buttons say so too). */
  busy?: boolean;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  /** The id of the dialog's title. */
  labelledBy: string;
  children: ReactNode;
};

/** The panel's dialog: as wide as `maxWidth` allows, the whole screen on a phone; Back closes it. */
export const ResponsiveDialog = ({
  open = true,
  busy = false,
  onClose,
  maxWidth = 'sm',
  labelledBy,
  children,
}: ResponsiveDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The phone's Back closes the dialog, not the page (decision 0643).
  useBackCloses(open, busy ? undefined : onClose);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={labelledBy}
    >
      {children}
    </Dialog>
  );
};
