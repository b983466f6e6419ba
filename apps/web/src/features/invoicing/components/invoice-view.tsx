/**
 * The printed document for the invoicing screens (Documents, readings): the view itself lives in
 * components/invoice/ because the checkout (sales) and the sell dialogs (clients) show it too, and
 * a feature imports no other feature (docs/architecture.md "Boundaries").
 */
export { InvoiceView, PaperChoice, PrintedLinesView, type Paper } from '../../../components/invoice/invoice-view';
export { InvoiceDialog, PRINT_ROOT, PrintCopy, PrintStyles } from '../../../components/invoice/invoice-dialog';
export { invoiceText, printedLines, type Copy, type PrintedLine } from '../../../components/invoice/invoice-lines';
export { invoicePdf } from '../../../components/invoice/invoice-pdf';
