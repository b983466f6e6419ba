import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseOutlined from '@mui/icons-material/CloseOutlined';

type DialogTitleBarProps = {
  /** The title's id, the dialog's `aria-labelledby`. */
  id: string;
  title: string;
  onClose: () => void;
  /** While a request runs the × stays, greyed, as the dialog's own buttons do. */
  disabled?: boolean;
};

/**
 * A dialog's title with a close button (×) at its end, as MUI's "Customized dialogs" place it: on a
 * phone the dialog fills the screen, and this is its way out where the thumb and eye expect it.
 * Rendered as a direct child of the dialog (or of a box that is not positioned), so the × sits in
 * the paper's top-right corner.
 */
export const DialogTitleBar = ({ id, title, onClose, disabled = false }: DialogTitleBarProps) => (
  <>
    <DialogTitle id={id} sx={{ pr: 7 }}>
      {title}
    </DialogTitle>
    <IconButton
      aria-label="Close"
      onClick={onClose}
      disabled={disabled}
      sx={{ position: 'absolute', right: 8, top: 10, color: 'text.secondary' }}
    >
      <CloseOutlined />
    </IconButton>
  </>
);
