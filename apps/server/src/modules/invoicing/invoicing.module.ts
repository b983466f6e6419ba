import type { AppModule } from '../../lib/app-module';
import { invoicingConstraints } from '../../db/schema/index';
import {
  booksRoutes,
  documentsRoutes,
  journalRoutes,
  profileRoutes,
  readingsRoutes,
  terminalsRoutes,
} from './invoicing.routes';

/** Invoicing (issue 33): the seller's facts and the desk's terminals (docs/decisions/1000). */
export const invoicingModule: AppModule = {
  routes: [
    { prefix: '/invoicing/profile', plugin: profileRoutes },
    { prefix: '/invoicing/terminals', plugin: terminalsRoutes },
    { prefix: '/invoicing/journal', plugin: journalRoutes },
    { prefix: '/invoicing/documents', plugin: documentsRoutes },
    { prefix: '/invoicing/readings', plugin: readingsRoutes },
    { prefix: '/invoicing/books', plugin: booksRoutes },
  ],
  constraints: invoicingConstraints,
};
