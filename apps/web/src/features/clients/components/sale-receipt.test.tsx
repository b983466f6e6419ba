import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientTreatmentSale } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { SaleReceiptDialog, receiptText, voucherReceipt } from './sale-receipt';
import { voucher } from './test-data';

const sold: ClientTreatmentSale = {
  ...voucher({ sessions_total: 6, sessions_used: 0, sessions_remaining: 6, expires_on: '2027-05-20' }),
  document: null,
  sale: {
    id: 1,
    date: '2026-11-25',
    location: 2,
    client: 7,
    salesperson: 4,
    kind: 'voucher',
    reference: 'V-000055',
    amount: '9000.00',
    discount: '500.00',
    net_amount: '8500.00',
    service_charge: '0.00',
    payment_method: 'e_wallet',
    bank: null,
    reference_no: 'GC-123',
    created_at: '2026-11-25T02:00:00.000Z',
  },
};

describe('sale receipt', () => {
  it('says what was bought, sessions left, pesos, the day in words, who sold it and where', () => {
    expect(receiptText(voucherReceipt(sold, 'Liza Soberano'), 'Lotus Spa')).toBe(
      [
        'Lotus Spa · Makati',
        'Receipt V-000055 · 25 Nov 2026',
        'Client: Liza Soberano',
        'Hilot voucher V-000055: 6 sessions, 6 left, valid until 20 May 2027',
        'Price: ₱9,000.00',
        'Discount: ₱500.00',
        'Total paid: ₱8,500.00 by GCash/Maya (ref. GC-123)',
        'Sold by: Ana Cruz',
        'Thank you!',
      ].join('\n'),
    );
  });

  it('names the bank account of a card or transfer payment, masked, from the banks the dialog loaded', () => {
    const card = { ...sold, sale: { ...sold.sale, payment_method: 'card' as const, bank: 5, reference_no: '' } };
    const banks = [
      { id: 4, name: 'BPI', account_number_masked: '••••1111', is_active: true },
      { id: 5, name: 'BDO Unibank', account_number_masked: '••••5678', is_active: true },
    ];
    expect(voucherReceipt(card, 'Liza Soberano', banks).payment).toBe('Card · BDO Unibank ••••5678');
    // Not among the loaded accounts (deactivated meanwhile): the method alone, never a wrong bank.
    expect(voucherReceipt(card, 'Liza Soberano', banks.slice(0, 1)).payment).toBe('Card');
  });

  it('prints with the browser and copies the text', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithRouter(<SaleReceiptDialog receipt={voucherReceipt(sold, 'Liza Soberano')} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('document', { name: 'Receipt V-000055' })).toHaveTextContent('Total paid₱8,500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Total paid: ₱8,500.00'));
    expect(await screen.findByText('Receipt copied; paste it into a message to the client.')).toBeInTheDocument();
  });

  it("heads the receipt with the business's name from Settings, the product's while none is set", async () => {
    mockApi({
      'GET /configurations/settings/': {
        status: 200,
        data: { company_name: 'Lotus Spa', logoUrl: null, features: {} },
      },
    });
    renderWithRouter(<SaleReceiptDialog receipt={voucherReceipt(sold, 'Liza Soberano')} onClose={() => undefined} />);
    const receipt = await screen.findByRole('document', { name: 'Receipt V-000055' });
    expect(await within(receipt).findByText('Lotus Spa · Makati')).toBeInTheDocument();
  });
});
