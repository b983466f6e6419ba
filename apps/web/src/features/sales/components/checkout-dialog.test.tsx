import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { CheckoutDialog } from './checkout-dialog';
import { aCheckout, aTab, tillOptions } from './test-data';

const pick = async (dialog: HTMLElement, label: RegExp, option: string) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

/** Replaces a field's text in one input event (typing key by key re-renders the whole bill each time). */
const retype = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.paste(text);
};

const posts = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'POST');
const bodyOf = (call: { data: unknown }) => JSON.parse(String(call.data)) as Record<string, unknown>;

describe('checkout dialog', () => {
  it('bills an add-on and a tip, and the first payment follows the bill until it is typed in', async () => {
    mockApi(tillOptions);
    renderWithRouter(<CheckoutDialog tab={aTab()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout · Liza Soberano' });
    expect(within(dialog).getByText('Maria Santos · Room 2 · since 14:05')).toBeInTheDocument();
    const status = within(dialog).getByRole('status', { name: 'Still to pay' });
    // The first payment is pre-filled with the whole bill.
    const amount1 = within(dialog).getByRole('textbox', { name: /^Amount 1/ });
    expect(amount1).toHaveValue('1000.00');
    expect(status).toHaveTextContent('Paid in full');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    await pick(dialog, /^Treatment 1/, 'Hot stone add-on · ₱350.00');
    await userEvent.click(within(dialog).getByRole('button', { name: '₱100.00' }));
    const bill = within(dialog).getByRole('region', { name: 'Bill' });
    expect(bill).toHaveTextContent('Subtotal₱1,350.00Total due₱1,350.00Tips₱100.00To pay now₱1,450.00');
    // Still untyped, the first payment follows the bill.
    expect(amount1).toHaveValue('1450.00');
    await retype(amount1, '1,000.50');
    expect(status).toHaveTextContent('Still to pay ₱449.50');
  });

  it('splits ₱500 cash + the rest by GCash with a ₱100 tip, asking the GCash reference before sending', async () => {
    const calls = mockApi({ ...tillOptions, 'POST /sales/checkout/': { status: 201, data: aCheckout() } });
    renderWithRouter(<CheckoutDialog tab={aTab()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const status = within(dialog).getByRole('status', { name: 'Still to pay' });
    await userEvent.click(within(dialog).getByRole('button', { name: '₱100.00' }));
    await retype(within(dialog).getByRole('textbox', { name: /^Amount 1/ }), '500');
    expect(status).toHaveTextContent('Still to pay ₱600.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(within(dialog).getByRole('textbox', { name: /^Amount 2/ })).toHaveValue('600.00');
    expect(status).toHaveTextContent('Paid in full');
    await pick(dialog, /^Salesperson/, 'Ana Cruz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    expect(await within(dialog).findByText('Enter the e-wallet reference number.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await retype(within(dialog).getByRole('textbox', { name: /^Reference no\. 2/ }), 'GC-501234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    const receipt = await screen.findByRole('document', { name: 'Receipt W-000123' });
    expect(bodyOf(posts(calls)[0]!)).toEqual({
      arrival: 41,
      salesperson: 4,
      items: [],
      discount: '0',
      service_charge: '0',
      tips: [{ employee: 11, amount: '100' }],
      payments: [
        { payment_method: 'cash', amount: '500', bank: null, reference_no: '' },
        { payment_method: 'e_wallet', amount: '600.00', bank: null, reference_no: 'GC-501234' },
      ],
    });
    expect(posts(calls)[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The receipt's figures are the server's (aCheckout), its first line the dialog's.
    expect(within(receipt).getByText('Hilot')).toBeInTheDocument();
    expect(within(receipt).getByText('Tip · Maria Santos')).toBeInTheDocument();
    expect(within(receipt).getByText('GCash/Maya (ref. GC-501234)')).toBeInTheDocument();
    expect(within(receipt).getByText('Cash')).toBeInTheDocument();
  });

  it('shows the server’s 400 on payments at the amount, and a retry sends the same Idempotency-Key', async () => {
    let attempts = 0;
    const calls = mockApi({
      ...tillOptions,
      'POST /sales/checkout/': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              data: {
                message: 'Check the highlighted fields.',
                errors: { payments: ['₱300.00 is still to be paid.'] },
              },
            }
          : {
              status: 201,
              data: aCheckout({
                tips: [],
                tips_total: '0.00',
                payments: [{ payment_method: 'card', amount: '1000.00', bank: 5, bank_name: 'BDO', reference_no: '' }],
              }),
            };
      },
    });
    renderWithRouter(<CheckoutDialog tab={aTab()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, /^Payment 1/, 'Card');
    await pick(dialog, /^Bank 1/, 'BDO · ••••5678');
    await pick(dialog, /^Salesperson/, 'Ana Cruz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount 1/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('₱300.00 is still to be paid.'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    const receipt = await screen.findByRole('document', { name: 'Receipt W-000123' });
    expect(within(receipt).getByText('Card · BDO ••••5678')).toBeInTheDocument();
    const [first, second] = posts(calls);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });

  it('hands back change from cash and sends the cash that stays in the drawer', async () => {
    const calls = mockApi({ ...tillOptions, 'POST /sales/checkout/': { status: 201, data: aCheckout() } });
    // The signed-in salesperson is credited without choosing.
    renderWithRouter(<CheckoutDialog tab={aTab()} salesperson={4} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await retype(within(dialog).getByRole('textbox', { name: /^Amount 1/ }), '1,020');
    expect(within(dialog).getByRole('status', { name: 'Still to pay' })).toHaveTextContent('Change ₱20.00');
    expect(within(dialog).getByRole('combobox', { name: /^Salesperson/ })).toHaveTextContent('Ana Cruz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await screen.findByRole('document');
    expect(bodyOf(posts(calls)[0]!).salesperson).toBe(4);
    expect(bodyOf(posts(calls)[0]!).payments).toEqual([
      { payment_method: 'cash', amount: '1000.00', bank: null, reference_no: '' },
    ]);
  });

  it("shows the server's refusal of a tip under the tips", async () => {
    mockApi({
      ...tillOptions,
      'POST /sales/checkout/': {
        status: 400,
        data: {
          message: 'Check the highlighted fields.',
          errors: { tips: ['Maria Santos did not serve this visit: a tip goes to the therapist who served.'] },
        },
      },
    });
    renderWithRouter(<CheckoutDialog tab={aTab()} salesperson={4} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const seller = within(dialog).getByRole('combobox', { name: /^Salesperson/ });
    await waitFor(() => expect(seller).toHaveTextContent('Ana Cruz'));
    await userEvent.click(within(dialog).getByRole('button', { name: '₱50.00' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    const tips = within(dialog).getByRole('region', { name: 'Tips' });
    expect(await within(tips).findByRole('alert')).toHaveTextContent(
      'Maria Santos did not serve this visit: a tip goes to the therapist who served.',
    );
  });

  it('credits no one from another branch by default: the desk is asked to choose', async () => {
    const calls = mockApi(tillOptions);
    renderWithRouter(<CheckoutDialog tab={aTab()} salesperson={99} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: /^Salesperson/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    expect(await within(dialog).findByText('Choose who is credited with the sale.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('says a voucher visit has nothing to pay, counts the held deposit as paid, and is axe-clean', async () => {
    mockApi({
      ...tillOptions,
      'GET /clients/7/services/': {
        status: 200,
        data: { vouchers: [{ id: 55, code: 'V-000123', treatment: 3 }], memberships: [] },
      },
    });
    renderWithRouter(
      <CheckoutDialog tab={aTab({ voucher: 55, amount: '0.00', deposit: '500.00' })} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Voucher V-000123 — nothing to pay')).toBeInTheDocument();
    // Nothing is sold yet: no salesperson is asked for, and nothing is to be paid.
    expect(within(dialog).getByRole('combobox', { name: /^Salesperson/ })).not.toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: /^Amount 1/ })).toHaveValue('0.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    // A voucher visit keeps its treatment: nothing may replace it (the server's rule).
    expect(within(dialog).queryByRole('checkbox', { name: 'Replaces the service' })).not.toBeInTheDocument();
    await pick(dialog, /^Treatment 1/, 'Hot stone add-on · ₱350.00');
    const bill = within(dialog).getByRole('region', { name: 'Bill' });
    // ₱500.00 held, ₱350.00 of it applied to the add-on: the rest stays held.
    expect(bill).toHaveTextContent('Total due₱350.00Deposit (already paid)−₱350.00To pay now₱0.00');
    expect(within(dialog).getByRole('status', { name: 'Still to pay' })).toHaveTextContent('Paid in full');

    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
