import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Divider from '@mui/material/Divider';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { Fragment } from 'react';
import { BUSINESS_TIME_ZONE, LOCALE } from '@ginhawa/contract';
import { StatusMessage } from '../../../components/status-message';
import { getErrorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';

const when = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** The person's notifications, newest first: loading, empty, error and list states. */
export const NotificationList = () => {
  const { data, error, isLoading, mutate } = useNotifications();

  if (isLoading) {
    return (
      <Card aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Box key={row} sx={{ px: 3, py: 2 }}>
            <Skeleton width="40%" />
            <Skeleton width="85%" />
          </Box>
        ))}
      </Card>
    );
  }
  if (error) {
    return (
      <Card>
        <StatusMessage
          tone="error"
          icon={<ErrorOutlineOutlined />}
          title="Notifications could not be loaded"
          description={getErrorMessage(error)}
          action={
            <Button variant="outlined" onClick={() => void mutate()}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  }
  const items = data?.results ?? [];
  if (!items.length) {
    return (
      <Card>
        <StatusMessage icon={<NotificationsNoneOutlined />} title="You're all caught up" description="New requests, approvals and announcements will appear here." />
      </Card>
    );
  }
  return (
    <Card>
      <List disablePadding>
        {items.map((item, index) => (
          <Fragment key={item.id}>
            {index ? <Divider component="li" /> : null}
            <ListItem sx={{ px: 3, py: 1.5, bgcolor: item.is_read ? undefined : 'rgba(47, 111, 94, 0.05)' }}>
              <ListItemText
                primary={item.title || 'Notification'}
                secondary={[item.message, item.actor_name, when.format(new Date(item.created_at))].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { fontWeight: item.is_read ? 400 : 600 } } }}
              />
            </ListItem>
          </Fragment>
        ))}
      </List>
    </Card>
  );
};
