import type { AppModule } from '../../lib/app-module';
import { reportsConstraints } from '../../db/schema/index';
import { reportsRoutes } from './reports.routes';

export const reportsModule: AppModule = {
  routes: [{ prefix: '/reports', plugin: reportsRoutes }],
  constraints: reportsConstraints,
};
