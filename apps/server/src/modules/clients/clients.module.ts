import type { AppModule } from '../../lib/app-module';
import { clientConstraints, saleConstraints } from '../../db/schema/index';
import { clientsRoutes } from './clients.routes';

/** Clients, their arrivals, memberships and vouchers, and the sales written from the desk (sales.service, vouchers.service). */
export const clientsModule: AppModule = {
  routes: [{ prefix: '/clients', plugin: clientsRoutes }],
  constraints: { ...clientConstraints, ...saleConstraints },
};
