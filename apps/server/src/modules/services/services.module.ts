import type { AppModule } from '../../lib/app-module';
import { serviceConstraints } from '../../db/schema/index';
import { servicesRoutes } from './services.routes';

export const servicesModule: AppModule = {
  routes: [{ prefix: '/services', plugin: servicesRoutes }],
  constraints: serviceConstraints,
};
