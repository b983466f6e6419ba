// The invoicing module's public entry (docs/architecture.md "Boundaries"): the demo BIR facts db/seed.ts adds.
export { seedDemoInvoicing } from './invoicing.demo';
// Documents (issue 33): issued by the sales module in the transaction that records the sale.
export {
  documentNumber,
  issueDocument,
  sellerTerms,
  terminalFor,
  terminalForSale,
  toDocument,
  type IssueDocument,
  type SellerTerms,
} from './documents.service';
export { invoicingOn } from './profile.service';
export { appendJournal, type JournalEvent } from './journal.service';
