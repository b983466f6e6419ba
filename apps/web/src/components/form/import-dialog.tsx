import { useId, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { DialogTitleBar } from './dialog-title-bar';
import { ResponsiveDialog } from './responsive-dialog';

type ImportDialogProps = {
  open?: boolean;
  title: string;
  /** What the import takes and what happens to a bad line, under the title. */
  intro: ReactNode;
  /** While a request runs the dialog does not close on Escape or a click outside. */
  busy: boolean;
  onClose: () => void;
  /** The dialog's buttons (AdminDialogActions or DialogActions). */
  actions: ReactNode;
  children: ReactNode;
  /** Wider than `md` for a form of many fields a line (a day's sales). */
  maxWidth?: 'md' | 'lg';
};

/**
 * The frame of every import (clients, a day's sales): a wide dialog, full screen on phones, its
 * title with a close button, its intro on top, the body, then the buttons. Each import keeps its
 * own steps and refusals.
 */
export const ImportDialog = ({
  open = true,
  title,
  intro,
  busy,
  onClose,
  actions,
  children,
  maxWidth = 'md',
}: ImportDialogProps) => {
  const titleId = useId();
  return (
    <ResponsiveDialog open={open} busy={busy} onClose={onClose} maxWidth={maxWidth} labelledBy={titleId}>
      <DialogTitleBar id={titleId} title={title} onClose={onClose} disabled={busy} />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {intro}
          </Typography>
          {children}
        </Stack>
      </DialogContent>
      {actions}
    </ResponsiveDialog>
  );
};

/** The CSV file input as a button, with the chosen file's name beside it (the input is named "CSV file"). */
export const CsvFilePicker = ({
  file,
  disabled = false,
  onChange,
}: {
  file: File | null;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) => (
  <Box>
    <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={disabled}>
      {file ? 'Choose another file' : 'Choose a CSV file'}
      <input hidden type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={onChange} />
    </Button>
    <Typography component="span" variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ ml: 1.5 }}>
      {file ? file.name : 'No file chosen.'}
    </Typography>
  </Box>
);
