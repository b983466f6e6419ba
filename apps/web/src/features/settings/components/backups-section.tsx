import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  NIGHTLY_BACKUP_HOUR,
  NIGHTLY_BACKUPS_KEPT,
  POSTGRES_BACKUPS_MESSAGE,
  type Backup,
  type DatabaseKind,
} from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage } from '../../../lib/api-client';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { backupDownloadUrl, createBackup, useAddBackup, useBackups } from '../api/backups';

const NIGHTLY_AT = `${NIGHTLY_BACKUP_HOUR}:00 am`;
const KIND_LABEL: Record<Backup['kind'], string> = { manual: 'Made by hand', automatic: 'Nightly' };

const BackupRow = ({ backup }: { backup: Backup }) => {
  const when = formatDateTime(backup.created_at);
  return (
    <ListItem disableGutters divider sx={{ gap: 1, py: 1 }}>
      <ListItemText
        primary={when}
        secondary={`${formatBytes(backup.size)} · ${KIND_LABEL[backup.kind]}`}
        slotProps={{ secondary: { title: backup.file_name } }}
        sx={{ minWidth: 0 }}
      />
      <Button
        component="a"
        href={backupDownloadUrl(backup)}
        download={backup.file_name}
        size="small"
        startIcon={<FileDownloadOutlined />}
        aria-label={`Download the backup of ${when}`}
        sx={{ flexShrink: 0 }}
      >
        Download
      </Button>
    </ListItem>
  );
};

/**
 * Settings → Backups: the embedded database's backups on the server, newest first, each
 * downloadable; "Back up now" makes one while everyone keeps working (docs/decisions/0700). On
 * PostgreSQL backups are pg_dump's business, and that sentence is all this shows; the list is not
 * asked for there (`database` comes from the configuration; undefined while it loads).
 */
export const BackupsSection = ({ database }: { database: DatabaseKind | undefined }) => {
  const { data, error, isLoading, mutate } = useBackups(database === 'embedded');
  const addBackup = useAddBackup();
  const { showSnackbar } = useSnackbar();
  const [creating, setCreating] = useState(false);

  const handleBackUp = async () => {
    setCreating(true);
    try {
      const backup = await createBackup();
      await addBackup(backup);
      showSnackbar(`Backup made (${formatBytes(backup.size)}).`, 'success');
    } catch (err) {
      showSnackbar(getErrorMessage(err), 'error');
    } finally {
      setCreating(false);
    }
  };

  if (database === 'postgresql') return <Alert severity="info">{POSTGRES_BACKUPS_MESSAGE}</Alert>;
  if (!database) return <Skeleton variant="rounded" height={112} />;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="textSecondary">
        A copy of the whole database, kept on the server. One is made every night at {NIGHTLY_AT}, Manila time; the last{' '}
        {NIGHTLY_BACKUPS_KEPT} nightly ones are kept. Download one to keep a copy somewhere safe.
      </Typography>
      <Box>
        <Button
          variant="contained"
          disabled={creating}
          onClick={() => void handleBackUp()}
          startIcon={
            creating ? <CircularProgress size={16} color="inherit" aria-label="Backing up" /> : <BackupOutlined />
          }
        >
          {creating ? 'Backing up…' : 'Back up now'}
        </Button>
      </Box>
      {error && !data ? (
        <LoadError title="The backups could not be loaded" error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Box aria-label="Loading backups" sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Box>
      ) : data.length === 0 ? (
        <Typography color="textSecondary">
          No backups yet. The first nightly one is made at {NIGHTLY_AT}, or back up now.
        </Typography>
      ) : (
        <List disablePadding aria-label="Backups">
          {data.map((backup) => (
            <BackupRow key={backup.id} backup={backup} />
          ))}
        </List>
      )}
    </Box>
  );
};
