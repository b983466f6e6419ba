import { describe, expect, it } from 'vitest';
import type { BankDirectoryEntry } from '@ginhawa/contract';
import { checkoutReceiptText, paymentLabel } from './checkout-receipt';
import { aCheckout } from './test-data';

const banks: BankDirectoryEntry[] = [{ id: 5, name: 'BDO', account_number_masked: '••••5678', is_active: true }];

describe('the checkout receipt', () => {
  it('names each payment by method and bank as the desk knows them', () => {
    const card = { payment_method: 'card', amount: '1.00', bank: 5, bank_name: 'BDO', reference_no: '' } as const;
    expect(paymentLabel(card, banks)).toBe('Card · BDO ••••5678');
    expect(
      paymentLabel(
        { ...card, payment_method: 'e_wallet', bank: null, bank_name: null, reference_no: 'GC-1' },
        undefined,
      ),
    ).toBe('GCash/Maya (ref. GC-1)');
  });

  it('copies as text: the lines, the deposit, each tip and payment, and the change', () => {
    const text = checkoutReceiptText(
      aCheckout({ deposit_applied: '200.00' }),
      [
        { label: 'Hilot', amount: '1000.00', note: null },
        { label: 'Hot stone add-on', amount: '350.00', note: null },
      ],
      '20.00',
      undefined,
      'Ginhawa Spa',
    );
    expect(text.split('\n')).toEqual([
      'Ginhawa Spa · Makati Salcedo',
      'Receipt W-000123 · 29 Nov 2026',
      'Client: Liza Soberano',
      'Hilot: ₱1,000.00',
      'Hot stone add-on: ₱350.00',
      'Total: ₱1,350.00',
      'Deposit paid earlier: −₱200.00',
      'Tip · Maria Santos: ₱100.00',
      'Cash: ₱500.00',
      'GCash/Maya (ref. GC-501234): ₱950.00',
      'Change: ₱20.00',
      'Thank you!',
    ]);
  });
});
