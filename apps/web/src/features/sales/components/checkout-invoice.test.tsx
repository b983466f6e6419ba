import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DESK_TERMINAL_KEY } from '../../../lib/desk-invoicing';
import { mockApi } from '../../../test/api-mock';
import { anInvoiceDocument } from '../../../test/invoice-fixtures';
import { renderWithRouter } from '../../../test/render';
import { CheckoutDialog } from './checkout-dialog';
import { aCheckout, aTab, page, tillOptions } from './test-data';

/** The checkout with invoicing on (issue 33): the desk's terminal first, the senior/PWD step, the invoice after. */

const massage = {
  id: 3,
  name: 'Swedish massage',
  price: '1120.00',
  tax_class: 'vatable',
  senior_pwd_eligible: true,
};
const invoicingOn = {
  ...tillOptions,
  'GET /services/treatments/': { status: 200, data: page([massage]) },
  'GET /invoicing/desk/': { status: 200, data: { invoicing: 'on', vat_status: 'vat', vat_rate: '12.00' } },
  'GET /invoicing/terminals/': {
    status: 200,
    data: page([{ id: 2, name: 'Front desk 1', location: 2, location_name: 'Makati Salcedo', is_active: true }]),
  },
  'POST /invoicing/desk/terminal/': { status: 200, data: { terminal: 2 } },
};
const frontDesk = { id: 2, name: 'Front desk 1', location: 2, location_name: 'Makati Salcedo' };
const tab = aTab({ amount: '1120.00', treatment_name: 'Swedish massage', therapists: [] });

afterEach(() => window.localStorage.removeItem(DESK_TERMINAL_KEY));

describe('checkout with invoicing on', () => {
  it('asks for the desk’s terminal before the form, journals the choice and remembers it', async () => {
    const calls = mockApi(invoicingOn);
    renderWithRouter(<CheckoutDialog tab={tab} onClose={() => undefined} />);
    // Until the desk has read that invoicing is on the form shows; then the terminal step takes its place.
    expect(await screen.findByText(/Invoicing is on/)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Checkout · Liza Soberano' });
    expect(within(dialog).queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this terminal' }));
    expect(await screen.findByText('Invoice from Front desk 1')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/invoicing/desk/terminal/' });
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toEqual({ terminal: 2 });
    expect(JSON.parse(window.localStorage.getItem(DESK_TERMINAL_KEY)!)).toEqual(frontDesk);
  });

  it('a senior citizen’s ₱1,120.00 massage: ₱800.00 still to pay, sent with the ID, then the invoice', async () => {
    window.localStorage.setItem(DESK_TERMINAL_KEY, JSON.stringify(frontDesk));
    const document = anInvoiceDocument();
    const calls = mockApi({
      ...invoicingOn,
      'POST /sales/checkout/': {
        status: 201,
        data: aCheckout({ subtotal: '1120.00', total_due: '800.00', tips: [], tips_total: '0.00', document }),
      },
    });
    renderWithRouter(<CheckoutDialog tab={tab} salesperson={4} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout · Liza Soberano' });
    const status = await within(dialog).findByRole('status', { name: 'Still to pay' });
    const amount1 = within(dialog).getByRole('textbox', { name: /^Amount 1/ });
    await waitFor(() => expect(amount1).toHaveValue('1120.00'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Senior citizen' }));
    const bill = within(dialog).getByRole('region', { name: 'Bill' });
    expect(bill).toHaveTextContent(
      'Subtotal₱1,120.00VAT removed (VAT-exempt sale)−₱120.00Senior citizen discount (20%)−₱200.00Total due₱800.00',
    );
    expect(amount1).toHaveValue('800.00');
    expect(status).toHaveTextContent('Paid in full');

    // The ID number is asked before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    expect(await within(dialog).findByText('Enter the ID number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/sales/checkout/')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^ID number/ }), 'OSCA-12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    const invoice = await screen.findByRole('document', { name: 'INVOICE 00001-SI-0000001001' });
    const sent = JSON.parse(String(calls.find((c) => c.url === '/sales/checkout/')!.data));
    expect(sent).toMatchObject({
      terminal: 2,
      special_discount: { kind: 'senior', id_type: 'osca', id_number: 'OSCA-12345', name: 'Liza Soberano', tin: '' },
      buyer: null,
      payments: [{ payment_method: 'cash', amount: '800.00' }],
    });
    expect(invoice).toHaveTextContent('TOTAL AMOUNT DUE₱800.00');
    expect(within(invoice).getByText('VAT-EXEMPT SALE')).toBeInTheDocument();
  });
});
