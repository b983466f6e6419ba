import type { Db } from '../db/client';
import type { TestContext } from './build';
import { issueDocument, type IssueDocument } from '../modules/invoicing/index';

/** The terminal, branch, day and cashier a test's document is issued at. */
export type IssuedAt = Pick<IssueDocument, 'terminalId' | 'locationId' | 'businessDate' | 'cashier'>;

/**
 * What `issueDocument` is handed for a walk-in's INVOICE of `lines` paid in cash (`paid`, to the
 * centavo), with no buyer, discount or service charge; `over` changes any field (another kind, a
 * special discount, the client and sale the document is for).
 */
export const walkInInvoice = (
  at: IssuedAt,
  lines: IssueDocument['lines'],
  paid: string,
  over: Partial<IssueDocument> = {},
): IssueDocument => ({
  kind: 'invoice',
  ...at,
  clientId: null,
  clientName: 'Walk-in',
  buyer: null,
  saleReference: 'T-1',
  lines,
  discount: '0.00',
  serviceCharge: '0.00',
  special: null,
  payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: paid }],
  ...over,
});

/** Issues that walk-in's invoice in its own transaction, as a checkout does, straight to the service. */
export const issueWalkIn = (db: Db, ...args: Parameters<typeof walkInInvoice>) =>
  db.transaction((tx) => issueDocument(tx, walkInInvoice(...args)));

/** The demo manager, Mara Manager, as the cashier a document names. */
export const managerCashier = (ctx: TestContext) => ({ id: ctx.userIds.manager!, name: 'Mara Manager' });
