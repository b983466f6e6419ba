import type { AppModule } from '../../lib/app-module';
import { locationConstraints } from '../../db/schema/index';
import { locationsRoutes } from './locations.routes';

export const locationsModule: AppModule = {
  routes: [{ prefix: '/locations', plugin: locationsRoutes }],
  constraints: locationConstraints,
};
