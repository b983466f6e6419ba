import type { AppModule } from '../../lib/app-module';
import { saleConstraints, tillConstraints } from '../../db/schema/index';
import { salesRoutes } from './sales.routes';
import { tillRoutes } from './till.routes';
import { correctionRoutes } from './corrections.routes';

/**
 * The sales ledger (issue 32): recording a sale (recordSale, the one writer), dating and the day
 * lock, listing and deleting lines, the till (tabs, checkout, tips under /sales/). The ledger's own
 * calls keep the /reports/… URLs they always had; it sits
 * below clients, floor and reports, which reach it through index.ts.
 */
export const salesModule: AppModule = {
  routes: [
    { prefix: '/reports', plugin: salesRoutes },
    { prefix: '/sales', plugin: tillRoutes },
    // Voids and credit memos change the ledger; the documents' reads are the invoicing module's.
    { prefix: '/invoicing/documents', plugin: correctionRoutes },
  ],
  constraints: { ...saleConstraints, ...tillConstraints },
};
