import type { AppModule } from '../../lib/app-module';
import { notificationsRoutes } from './notifications.routes';
import { registerNotificationSocket } from './notifications.ws';

/** The notifications API and the live channel at /ws/notifications/ (outside /api). */
export const notificationsModule: AppModule = {
  routes: [{ prefix: '/notifications', plugin: notificationsRoutes }],
  register: registerNotificationSocket,
};
