import { z } from 'zod';
import { relationId } from './fields';

/**
 * The desk's side of invoicing (issue 33; docs/decisions/1010): whether invoicing is on (every
 * signed-in person reads it, so the money dialogs know to send the desk's terminal), the desk's
 * choice of terminal (a journal entry), and a reprint (counted in the journal; printed "REPRINT").
 */

export const deskInvoicingSchema = z.object({
  /** Every call that takes money needs `terminal` while on. */
  invoicing: z.enum(['off', 'on']),
  /** The seller's VAT terms, so the desk's live "Still to pay" is the invoice's (printed on every invoice anyway). */
  vat_status: z.enum(['vat', 'non_vat']),
  vat_rate: z.string(),
});
export type DeskInvoicing = z.infer<typeof deskInvoicingSchema>;

/** POST /api/invoicing/desk/terminal/: this browser now issues from `terminal` (journal `terminal_chosen`). */
export const terminalChoiceBodySchema = z.object({ terminal: relationId('the terminal') });
export type TerminalChoiceBody = z.input<typeof terminalChoiceBodySchema>;

/** The answer of POST /api/invoicing/documents/{id}/reprint/: how many reprints, this one included. */
export const reprintSchema = z.object({
  document: z.number().int(),
  document_no: z.string(),
  reprints: z.number().int(),
});
export type Reprint = z.infer<typeof reprintSchema>;

/** Printed above a document printed again. */
export const REPRINT_MARK = 'REPRINT';
