import type { AppModule } from '../../lib/app-module';
import { clientConstraints } from '../../db/schema/index';
import { clientsRoutes } from './clients.routes';

/** Clients, their arrivals, memberships and vouchers (the sales they make are recorded by the sales module). */
export const clientsModule: AppModule = {
  routes: [{ prefix: '/clients', plugin: clientsRoutes }],
  constraints: clientConstraints,
};
