import Box from '@mui/material/Box';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { AnnouncementComposer } from '../../features/notifications/components/announcement-composer';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../layout/current-user';

/** /notifications: the live list with the approvals filter; Admins and Managers also announce. */
export const NotificationsRoute = () => {
  const user = useCurrentUser();
  const announces = user.groups.includes(ADMIN_GROUP) || user.groups.includes(MANAGER_GROUP);
  return (
    <>
      <PageHeader title="Notifications" subtitle="Requests, approvals and announcements for you" />
      {announces ? (
        <Box sx={{ mb: 2 }}>
          <AnnouncementComposer />
        </Box>
      ) : null}
      <NotificationList admin={user.groups.includes(ADMIN_GROUP)} />
    </>
  );
};
