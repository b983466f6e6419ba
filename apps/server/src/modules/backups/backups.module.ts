import type { AppModule } from '../../lib/app-module';
import { backupsRoutes } from './backups.routes';
import { scheduleNightlyBackups } from './backups.nightly';

export const backupsModule: AppModule = {
  routes: [{ prefix: '/backups', plugin: backupsRoutes }],
  register: async (app) => scheduleNightlyBackups(app),
};
