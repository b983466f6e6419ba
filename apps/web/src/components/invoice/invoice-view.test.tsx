import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { aNonVatSnapshot, anInvoiceDocument } from '../../test/invoice-fixtures';
import { renderInProviders } from '../../test/render';
import { InvoiceDialog } from './invoice-dialog';
import { invoiceText, printedLines } from './invoice-lines';
import { InvoiceView } from './invoice-view';

const rowText = (doc: HTMLElement) => doc.textContent ?? '';

describe('the invoice view', () => {
  it('prints a VAT seller’s senior sale: title and number, seller, terminal, discount, tax box, notice, ID, software', () => {
    renderInProviders(<InvoiceView document={anInvoiceDocument()} />);
    const doc = screen.getByRole('document', { name: 'INVOICE 00001-SI-0000001001' });
    expect(within(doc).getByRole('heading', { name: 'INVOICE' })).toBeInTheDocument();
    expect(within(doc).getByText('No. 00001-SI-0000001001')).toBeInTheDocument();
    const text = rowText(doc);
    expect(text).toContain('VAT REG TIN 009-123-456-00001');
    expect(text).toContain('Date and time29 Nov 2026, 2:30 pm');
    expect(text).toContain('MIN26110000000000002');
    expect(text).toContain('Permit / AC no.FP112026-DEMO-00001-01Permit date10 Jan 2026');
    expect(text).toContain('Swedish massage₱1,120.00');
    expect(text).toContain('Senior citizen discount−₱200.00');
    expect(text).toContain('TOTAL AMOUNT DUE₱800.00');
    expect(text).toContain('VATable sales₱0.00VAT₱0.00VAT-exempt sales₱1,000.00Zero-rated sales₱0.00');
    expect(within(doc).getByText('VAT-EXEMPT SALE')).toBeInTheDocument();
    expect(text).toContain('OSCA / senior citizen IDOSCA-12345');
    expect(text).toContain('CashierRhea Reception');
    expect(text).toContain('Accreditation no. DEMO-AC-0001');
    expect(within(doc).queryByText(/REPRINT/)).not.toBeInTheDocument();
  });

  it('prints a non-VAT seller’s invoice without a VAT box and with the input-tax notice', () => {
    renderInProviders(<InvoiceView document={anInvoiceDocument(aNonVatSnapshot())} />);
    const doc = screen.getByRole('document');
    const text = rowText(doc);
    expect(text).toContain('NON-VAT REG TIN 111-222-333-00000');
    expect(text).not.toContain('VATable sales');
    expect(text).not.toContain('VAT-exempt sales');
    expect(within(doc).getByText('THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX')).toBeInTheDocument();
    expect(text).toContain('GCash/Maya · ref. GC-1₱1,000.00');
  });

  it('copies as 40-column text with the same figures', () => {
    const text = invoiceText(printedLines(anInvoiceDocument()));
    expect(text).toContain('INVOICE');
    expect(text).toMatch(/TOTAL AMOUNT DUE +₱800\.00/);
    expect(text.split('\n').every((line) => line.length <= 40)).toBe(true);
  });
});

describe('the invoice dialog', () => {
  it('prints the original first, then journals a reprint and marks the copy REPRINT', async () => {
    const calls = mockApi({
      'POST /invoicing/documents/501/reprint/': {
        status: 200,
        data: { document: 501, document_no: '00001-SI-0000001001', reprints: 1 },
      },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderInProviders(<InvoiceDialog document={anInvoiceDocument()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(within(dialog).queryByText(/REPRINT/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/invoicing/documents/501/reprint/']);
    expect(within(dialog).getByText('REPRINT · no. 1')).toBeInTheDocument();
  });

  it('a document opened again prints as a reprint from the first click', async () => {
    mockApi({
      'POST /invoicing/documents/501/reprint/': {
        status: 200,
        data: { document: 501, document_no: '00001-SI-0000001001', reprints: 3 },
      },
    });
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderInProviders(<InvoiceDialog document={anInvoiceDocument()} printed onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reprint' }));
    expect(await within(dialog).findByText('REPRINT · no. 3')).toBeInTheDocument();
  });
});
