import type { AppModule } from '../../lib/app-module';
import { clientConstraints } from '../../db/schema/index';
import { clientsRoutes } from './clients.routes';
import { onVoidCancelSold } from '../sales/index';
import { cancelSoldOnVoid } from './void-sold.service';

// A voided invoice's voucher or membership is cancelled by its owner, this module (decision 1016).
onVoidCancelSold(cancelSoldOnVoid);

/** Clients, their arrivals, memberships and vouchers (the sales they make are recorded by the sales module). */
export const clientsModule: AppModule = {
  routes: [{ prefix: '/clients', plugin: clientsRoutes }],
  constraints: clientConstraints,
};
