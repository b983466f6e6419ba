import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { announcementBodySchema } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { sendAnnouncement, useRecipientsCount, type Audience } from '../api/announcements';
import { AudienceFields, type AudienceValues } from './audience-fields';

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

type AnnouncementValues = AudienceValues & { title: string; message: string };
const FIELDS = ['title', 'message', 'users', 'groups', 'locations'] as const;
const blank = (): AnnouncementValues => ({ title: '', message: '', people: [], groups: [], places: [] });
const audienceOf = (v: AudienceValues): Audience => ({
  users: v.people.map((p) => p.id),
  groups: v.groups,
  locations: v.places.map((l) => l.id),
});

/**
 * Admins and Managers: write an announcement to people, groups and locations (docs/product.md §2; issue 13).
 * Cancel keeps the draft for the next opening; sending clears it.
 */
export const AnnouncementComposer = () => {
  const { showSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const form = useEntityForm({
    initialValues: blank,
    fields: FIELDS,
    parse: (v) => announcementBodySchema.safeParse({ title: v.title, message: v.message, ...audienceOf(v) }),
    save: sendAnnouncement,
    onSaved: ({ recipients: sent }) => {
      showSnackbar(`Announcement sent to ${sent} ${sent === 1 ? 'person' : 'people'}.`, 'success');
      form.reset();
      setOpen(false);
    },
  });
  const audience = audienceOf(form.values);
  const recipients = useRecipientsCount(audience, open);

  return (
    <>
      <Button variant="contained" startIcon={<CampaignOutlined />} onClick={() => setOpen(true)}>
        New announcement
      </Button>
      <FormDialog
        {...form.dialog}
        open={open}
        title="New announcement"
        submitLabel="Send"
        submitDisabled={!recipients.data || recipients.data.recipients === 0}
        onClose={() => setOpen(false)}
      >
        <TextField label="Title" required {...form.bind('title')} />
        <TextField label="Message" required multiline minRows={3} {...form.bind('message')} />
        <AudienceFields
          values={form.values}
          onChange={(field, value) => form.set(field, value as AnnouncementValues[typeof field])}
          errors={form.errors}
          open={open}
        />
        {recipients.error && !(recipients.error instanceof ApiError && recipients.error.status === 400) ? (
          <Alert severity="warning">The number of recipients could not be counted.</Alert>
        ) : null}
        <RecipientsLine audience={audience} enabled={open} />
      </FormDialog>
    </>
  );
};
