import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { announcementBodySchema, type AdminUser, type Location } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useLocationOptions } from '../../../lib/options';
import {
  sendAnnouncement,
  useGroupOptions,
  usePeopleOptions,
  useRecipientsCount,
  type Audience,
} from '../api/announcements';

type Person = Pick<AdminUser, 'id' | 'username' | 'first_name' | 'last_name'>;
const personLabel = (p: Person) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;

/** "Reaches 12 people" before sending; nobody chosen means all active staff, as the server reads it. */
const RecipientsLine = ({ audience, enabled }: { audience: Audience; enabled: boolean }) => {
  const { data, error, isLoading } = useRecipientsCount(audience, enabled);
  const everyone = !audience.users.length && !audience.groups.length && !audience.locations.length;
  let text = 'Counting recipients…';
  if (error) text = getErrorMessage(error);
  else if (data && !isLoading)
    text =
      data.recipients === 0
        ? 'Nobody matches this audience yet.'
        : `Reaches ${data.recipients} ${data.recipients === 1 ? 'person' : 'people'}${everyone ? ' (all active staff)' : ''}.`;
  return (
    <Typography
      role="status"
      data-testid="recipients"
      color={error || data?.recipients === 0 ? 'error' : 'text.secondary'}
      variant="body2"
    >
      {text}
    </Typography>
  );
};

const emptyErrors: Record<string, string> = {};

/** Admins and Managers: write an announcement to people, groups and locations (docs/product.md §2; issue 13). */
export const AnnouncementComposer = () => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { showSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [people, setPeople] = useState<Person[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [places, setPlaces] = useState<Location[]>([]);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState(emptyErrors);
  const [sending, setSending] = useState(false);
  const groupOptions = useGroupOptions(open);
  const peopleOptions = usePeopleOptions(search, open);
  const locationOptions = useLocationOptions({ activeOnly: true });
  const audience: Audience = { users: people.map((p) => p.id), groups, locations: places.map((l) => l.id) };
  const recipients = useRecipientsCount(audience, open);

  const reset = () => {
    setTitle('');
    setMessage('');
    setPeople([]);
    setGroups([]);
    setPlaces([]);
    setErrors(emptyErrors);
  };
  const send = async () => {
    const parsed = announcementBodySchema.safeParse({ title, message, ...audience });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setSending(true);
    try {
      const { recipients: sent } = await sendAnnouncement(parsed.data);
      showSnackbar(`Announcement sent to ${sent} ${sent === 1 ? 'person' : 'people'}.`, 'success');
      reset();
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')])));
      showSnackbar(getErrorMessage(error), 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<CampaignOutlined />} onClick={() => setOpen(true)}>
        New announcement
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby="announcement-title"
      >
        <DialogTitle id="announcement-title">New announcement</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={Boolean(errors.title)}
              helperText={errors.title}
            />
            <TextField
              label="Message"
              required
              multiline
              minRows={3}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              error={Boolean(errors.message)}
              helperText={errors.message}
            />
            <Autocomplete
              multiple
              options={peopleOptions.data?.results ?? []}
              value={people}
              onChange={(_, value) => setPeople(value)}
              onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
              filterOptions={(x) => x}
              getOptionLabel={personLabel}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              loading={peopleOptions.isLoading}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="People"
                  error={Boolean(errors.users)}
                  helperText={errors.users ?? 'Type a name to find someone.'}
                />
              )}
            />
            <Autocomplete
              multiple
              options={(groupOptions.data ?? []).map((g) => g.name)}
              value={groups}
              onChange={(_, value) => setGroups(value)}
              renderInput={(params) => (
                <TextField {...params} label="Groups" error={Boolean(errors.groups)} helperText={errors.groups} />
              )}
            />
            <Autocomplete
              multiple
              options={locationOptions.data?.results ?? []}
              value={places}
              onChange={(_, value) => setPlaces(value)}
              getOptionLabel={(l) => l.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Locations"
                  error={Boolean(errors.locations)}
                  helperText={errors.locations ?? 'Everyone working at these locations.'}
                />
              )}
            />
            {recipients.error && !(recipients.error instanceof ApiError && recipients.error.status === 400) ? (
              <Alert severity="warning">The number of recipients could not be counted.</Alert>
            ) : null}
            <RecipientsLine audience={audience} enabled={open} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={sending || !recipients.data || recipients.data.recipients === 0}
          >
            Send
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
