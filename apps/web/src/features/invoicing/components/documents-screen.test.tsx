import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '@ginhawa/contract';
import { mockApi, okPage } from '../../../test/api-mock';
import { renderInProviders, renderWithRouter } from '../../../test/render';
import { aSeniorSnapshot } from '../../../test/invoice-fixtures';
import { DocumentsScreen } from './documents-screen';

const invoice: InvoiceDocument = {
  id: 41,
  kind: 'invoice',
  number: 12,
  document_no: '00000-SI-0000000012',
  terminal: 3,
  terminal_name: 'Front desk 1',
  location: 7,
  location_name: 'Makati Salcedo',
  business_date: '2026-11-29',
  issued_at: '2026-11-29T05:30:00.000Z',
  cashier_name: 'Rosa Dela Cruz',
  client: 9,
  buyer_name: 'Lola Santos',
  sale_reference: 'A-77',
  original: null,
  gross: '1120.00',
  vatable_sales: '0.00',
  vat: '0.00',
  vat_exempt_sales: '1000.00',
  zero_rated_sales: '0.00',
  discount_senior: '200.00',
  discount_pwd: '0.00',
  discount_other: '0.00',
  service_charge: '0.00',
  total_due: '800.00',
  voided_at: null,
  void_reason: null,
  special_discount: null,
  snapshot: aSeniorSnapshot({
    document_no: '00000-SI-0000000012',
    issued_at: '2026-11-29T05:30:00.000Z',
    cashier: 'Rosa Dela Cruz',
  }),
};
const withId = {
  ...invoice,
  special_discount: { kind: 'senior', id_type: 'osca', id_number: 'OSCA-777', name: 'Lola Santos', tin: '' },
} satisfies InvoiceDocument;

describe('Documents', () => {
  it('lists the documents and opens one with its ID; the desk cannot void', async () => {
    mockApi({
      'GET /invoicing/documents/': okPage([invoice]),
      'GET /invoicing/documents/41/': { status: 200, data: withId },
    });
    renderInProviders(<DocumentsScreen canCorrect={false} />);
    await userEvent.click(await screen.findByText('00000-SI-0000000012'));
    const dialog = await screen.findByRole('dialog', { name: 'INVOICE 00000-SI-0000000012' });
    expect(await within(dialog).findByText('VAT-EXEMPT SALE')).toBeInTheDocument();
    expect(within(dialog).getByText(/OSCA-777/)).toBeInTheDocument();
    expect(within(dialog).getByText('Total amount due').parentElement).toHaveTextContent('Total amount due₱800.00');
    expect(within(dialog).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('the desk asks for a void, and is told it was sent', async () => {
    const calls = mockApi({
      'GET /invoicing/documents/': okPage([invoice]),
      'GET /invoicing/documents/41/': { status: 200, data: withId },
      'POST /invoicing/documents/41/void-request/': {
        status: 202,
        data: { result: 'requested', message: 'Your request to void 00000-SI-0000000012 was sent.' },
      },
    });
    renderInProviders(<DocumentsScreen canCorrect={false} />);
    await userEvent.click(await screen.findByText('00000-SI-0000000012'));
    const dialog = await screen.findByRole('dialog', { name: 'INVOICE 00000-SI-0000000012' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Ask to void' }));
    const ask = await screen.findByRole('dialog', { name: 'Ask to void 00000-SI-0000000012?' });
    await userEvent.click(within(ask).getByLabelText(/Reason/));
    await userEvent.paste('Wrong client.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request to void 00000-SI-0000000012 was sent.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toEqual({ reason: 'Wrong client.' });
  });

  it('says so when nothing matches, and when the list fails', async () => {
    mockApi({ 'GET /invoicing/documents/': okPage([]) });
    const { unmount } = renderInProviders(<DocumentsScreen canCorrect />);
    expect(await screen.findByText('No documents yet: checkouts issue them.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /invoicing/documents/': { status: 500, data: { message: 'Database unavailable.' } } });
    renderInProviders(<DocumentsScreen canCorrect />);
    expect(await screen.findByText('The documents could not be loaded')).toBeInTheDocument();
  });

  it('links to the readings when the route gives their path', async () => {
    mockApi({ 'GET /invoicing/documents/': okPage([invoice]) });
    renderWithRouter(<DocumentsScreen canCorrect readingsPath="/readings" />);
    expect(await screen.findByRole('link', { name: 'Readings' })).toHaveAttribute('href', '/readings');
  });

  it('searches by number, sending the search to the server', async () => {
    const calls = mockApi({ 'GET /invoicing/documents/': okPage([invoice]) });
    renderInProviders(<DocumentsScreen canCorrect />);
    await screen.findByText('00000-SI-0000000012');
    await userEvent.click(screen.getByLabelText('Search number or buyer'));
    await userEvent.paste('SI-12');
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=SI-12'))).toBe(true));
  });

  it('a Manager voids with a reason; the server’s refusal shows in the dialog', async () => {
    let voided = false;
    const calls = mockApi({
      'GET /invoicing/documents/': okPage([invoice]),
      'GET /invoicing/documents/41/': () => ({
        status: 200,
        data: voided ? { ...withId, voided_at: '2026-11-29T06:00:00.000Z', void_reason: 'Wrong client.' } : withId,
      }),
      'POST /invoicing/documents/41/void/': (request) => {
        const body = JSON.parse(String(request.data)) as { reason: string };
        if (body.reason === 'late')
          return {
            status: 409,
            data: {
              message: 'The Z reading has closed 00000-SI-0000000012’s day at its terminal: use a credit memo.',
              errors: {},
            },
          };
        voided = true;
        return { status: 200, data: { ...withId, voided_at: '2026-11-29T06:00:00.000Z', void_reason: body.reason } };
      },
    });
    renderInProviders(<DocumentsScreen canCorrect />);
    await userEvent.click(await screen.findByText('00000-SI-0000000012'));
    const dialog = await screen.findByRole('dialog', { name: 'INVOICE 00000-SI-0000000012' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Void' }));
    const ask = await screen.findByRole('dialog', { name: 'Void 00000-SI-0000000012?' });
    await userEvent.click(within(ask).getByLabelText(/Reason/));
    await userEvent.paste('late');
    await userEvent.click(within(ask).getByRole('button', { name: 'Void' }));
    expect(await within(ask).findByText(/use a credit memo\.$/)).toBeInTheDocument();
    await userEvent.clear(within(ask).getByLabelText(/Reason/));
    await userEvent.click(within(ask).getByLabelText(/Reason/));
    await userEvent.paste('Wrong client.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Void' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Void 00000-SI-0000000012?' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)))).toEqual([
      { reason: 'late' },
      { reason: 'Wrong client.' },
    ]);
    expect(await within(dialog).findByText(/VOID · .* · Wrong client\./)).toBeInTheDocument();
  });

  it('issues a credit memo for some lines and opens it', async () => {
    const memo: InvoiceDocument = {
      ...invoice,
      id: 50,
      kind: 'credit_memo',
      document_no: '00000-CM-0000000001',
      original: 41,
      snapshot: { ...invoice.snapshot, title: 'CREDIT MEMO', document_no: '00000-CM-0000000001' },
    };
    const calls = mockApi({
      'GET /invoicing/documents/': okPage([invoice]),
      'GET /invoicing/documents/41/': { status: 200, data: withId },
      'GET /invoicing/documents/50/': { status: 200, data: memo },
      'POST /invoicing/documents/41/credit-memo/': { status: 201, data: memo },
    });
    renderInProviders(<DocumentsScreen canCorrect />);
    await userEvent.click(await screen.findByText('00000-SI-0000000012'));
    const dialog = await screen.findByRole('dialog', { name: 'INVOICE 00000-SI-0000000012' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Credit memo' }));
    const form = await screen.findByRole('dialog', { name: 'Credit memo for 00000-SI-0000000012' });
    await userEvent.click(within(form).getByLabelText(/The whole invoice/));
    const qty = within(form).getByLabelText(/Swedish massage/);
    await userEvent.clear(qty);
    await userEvent.type(qty, '1');
    await userEvent.click(within(form).getByLabelText(/Reason/));
    await userEvent.paste('Service not given.');
    await userEvent.click(within(form).getByRole('button', { name: 'Issue credit memo' }));
    expect(await screen.findByRole('dialog', { name: 'CREDIT MEMO 00000-CM-0000000001' })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toEqual({
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Service not given.',
      terminal: null,
      refund_method: 'cash',
    });
  });
});
