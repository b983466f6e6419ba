import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { DetailField } from '../../../components/detail-field';
import { getErrorMessage } from '../../../lib/api-client';
import { AVATAR_TYPES, avatarProblem, updateAvatar } from '../api/update-avatar';
import { roleOf, type User } from '../api/get-my-data';
import { UserAvatar, fullNameOf } from './user-avatar';

type ProfileCardProps = {
  user: User;
  onAvatarChanged: (user: User) => void | Promise<void>;
  onError: (message: string) => void;
};

/** My details, groups and photo, with the photo upload (PNG, JPEG or WebP up to 2 MB). */
export const ProfileCard = ({ user, onAvatarChanged, onError }: ProfileCardProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    setUploading(true);
    try {
      await onAvatarChanged(await updateAvatar(user.id, file));
    } catch (error) {
      onError(getErrorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
        <Box sx={{ position: 'relative' }}>
          <UserAvatar user={user} size={88} />
          {uploading ? (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(255,255,255,0.6)',
                borderRadius: '50%',
              }}
            >
              <CircularProgress size={32} aria-label="Uploading photo" />
            </Box>
          ) : null}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
            {fullNameOf(user)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {roleOf(user)}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            onClick={() => input.current?.click()}
            disabled={uploading}
            sx={{ mt: 1.5 }}
          >
            {user.avatar ? 'Change photo' : 'Add a photo'}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={AVATAR_TYPES.join(',')}
            onChange={(event) => void handleFile(event)}
            aria-label="Profile photo"
          />
        </Box>
      </Box>
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <DetailField label="Username" value={user.username} />
        <DetailField label="Email" value={user.email} />
        <DetailField label="First name" value={user.firstName} />
        <DetailField label="Last name" value={user.lastName} />
      </Box>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 2.5, mb: 1 }}>
        Groups
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {user.groups.length ? (
          user.groups.map((group) => <Chip key={group} label={group} size="small" color="primary" variant="outlined" />)
        ) : (
          <Typography variant="body2">—</Typography>
        )}
      </Box>
    </Card>
  );
};
