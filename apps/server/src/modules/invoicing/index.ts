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
// Corrections (void, credit memo) are the sales module's: what they ask of the documents.
export { getDocument, specialDiscountOf } from './documents-read.service';
export { creditedAgainst, lockDocument, markVoided, zReadingCovers, type DocumentRow } from './document-marks.service';
// The day's close (issue 33): the daily report makes its branch's missing Z readings (decision 1021).
export { closeBranchDay } from './readings.service';
// The nightly job (modules/backups) walks the journal and tells the Admins of a break (decision 1023).
export { checkJournal } from './journal-watch.service';
