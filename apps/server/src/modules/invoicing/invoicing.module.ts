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
import { deskRoutes } from './desk.routes';
import { reprintRoutes } from './reprint.routes';

/** Invoicing (issue 33): the seller's facts and the desk's terminals (docs/decisions/1000). */
export const invoicingModule: AppModule = {
  routes: [
    { prefix: '/invoicing/profile', plugin: profileRoutes },
    { prefix: '/invoicing/terminals', plugin: terminalsRoutes },
    { prefix: '/invoicing/journal', plugin: journalRoutes },
    { prefix: '/invoicing/documents', plugin: documentsRoutes },
    { prefix: '/invoicing/readings', plugin: readingsRoutes },
    { prefix: '/invoicing/books', plugin: booksRoutes },
    { prefix: '/invoicing/desk', plugin: deskRoutes },
    // The documents' reprint (decision 1013), beside their list, read, void and credit memo.
    { prefix: '/invoicing/documents', plugin: reprintRoutes },
  ],
  constraints: invoicingConstraints,
};
