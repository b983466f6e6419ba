// The sales module's public entry (docs/architecture.md "Boundaries", "How a sale flows"): the one
// writer of the sales ledger, its checks and dating rule, and what the modules above hand in.
export { recordSale, type NewSale, type SaleLineInput } from './record-sale.service';
export type { DeskSale } from './desk-sales.service';
export {
  authorizeSale,
  checkPayment,
  insertSale,
  setSaleReference,
  type AuthorizedSale,
  type Payment,
} from './desk-sales.service';
export { SOLD, tellCreditedSalesperson } from './sale-notice.service';
export { assertDateAllowed, backdatedNote } from './dating.service';
export { assertDayOpen, closedDaySentence, locationOf } from './day-lock.service';
export { toSale } from './sale-lines.service';
export { recordForfeitedDeposit, type ForfeitedDeposit } from './forfeit.service';
// Helpers the reports share with the ledger: raw rows, counting sales, the till's cash, who decides.
export { approversOf, assertDecidesAll, cashTaken, isManager, parseJson, rowsOf, salesCount } from './shared';
// Handed in at registration by the modules above (reports.module.ts, payroll.module.ts).
export { onEarningsChanged, onVoidCancelSold, watchRanks, type SoldReversal } from './sale-watch';
// The till (issue 32): a visit logged without payment opens its tab; the day's report reads the tips.
export { openTab, type TabDeposit } from './tabs.service';
export { tipsByMethod } from './tips.service';
