import { useState } from 'react';
import { useSaleTerminal, type DeskTerminal } from './desk-invoicing';

/**
 * The terminal a sale made in a dialog issues from, with `useSaleTerminal`'s answers (whether
 * invoicing is on, the VAT terms, this device's terminal): the device's terminal where it is of the
 * sale's branch, else one chosen in the dialog (`choose`, from its TerminalStep) for that branch;
 * null until then. `choose(null)` asks again (the server refused the terminal).
 */
export const useDialogTerminal = (location: number) => {
  const sale = useSaleTerminal(location);
  const [chosen, choose] = useState<DeskTerminal | null>(null);
  return { ...sale, terminal: sale.terminal ?? (chosen?.location === location ? chosen : null), choose };
};
