import { NotificationList } from '../../features/notifications/components/notification-list';
import { PageHeader } from '../../components/page-header';

/** /notifications: the list (the live channel and actions arrive with issue 4). */
export const NotificationsRoute = () => (
  <>
    <PageHeader title="Notifications" subtitle="Requests, approvals and announcements for you" />
    <NotificationList />
  </>
);
