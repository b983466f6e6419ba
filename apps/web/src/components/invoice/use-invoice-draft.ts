import { useState } from 'react';
import { emptyInvoiceDraft, type InvoiceDraft } from './invoice-fields';

/** A sale dialog's invoice draft (buyer, senior/PWD ID), empty at first, and how InvoiceFields changes it. */
export const useInvoiceDraft = () => {
  const [draft, setDraft] = useState<InvoiceDraft>(emptyInvoiceDraft);
  const change = (patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return [draft, change] as const;
};
