import type { Checkout, Tab } from '@ginhawa/contract';

/** Rows shaped like the API's, for the till's component tests. */
export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const aTab = (over: Partial<Tab> = {}): Tab => ({
  arrival: 41,
  client: 7,
  client_name: 'Liza Soberano',
  location: 2,
  date: '2026-11-29',
  time: '14:00',
  since: '2026-11-29T06:05:00.000Z',
  status: 'finished',
  therapists: [{ employee: 11, name: 'Maria Santos' }],
  room: 3,
  room_name: 'Room 2',
  treatment: 3,
  treatment_name: 'Hilot',
  voucher: null,
  client_membership: null,
  amount: '1000.00',
  deposit: '0.00',
  ...over,
});

/** The options the checkout dialog reads: treatments, banks, the branch's salespersons. */
export const tillOptions = {
  'GET /services/treatments/': {
    status: 200,
    data: page([
      { id: 3, name: 'Hilot', price: '1000.00' },
      { id: 8, name: 'Hot stone add-on', price: '350.00' },
      { id: 9, name: 'Signature massage', price: '1800.00' },
    ]),
  },
  'GET /banks/': {
    status: 200,
    data: page([{ id: 5, name: 'BDO', account_number_masked: '••••5678', is_active: true }]),
  },
  'GET /salespersons/': { status: 200, data: page([{ id: 4, full_name: 'Ana Cruz' }]) },
};

export const aCheckout = (over: Partial<Checkout> = {}): Checkout => ({
  arrival: 41,
  client: 7,
  client_name: 'Liza Soberano',
  location: 2,
  location_name: 'Makati Salcedo',
  date: '2026-11-29',
  sale_key: 'W-000123',
  lines: [],
  subtotal: '1350.00',
  discount: '0.00',
  service_charge: '0.00',
  total_due: '1350.00',
  deposit_applied: '0.00',
  tips: [{ employee: 11, employee_name: 'Maria Santos', amount: '100.00' }],
  tips_total: '100.00',
  document: null,
  payments: [
    { payment_method: 'cash', amount: '500.00', bank: null, bank_name: null, reference_no: '' },
    { payment_method: 'e_wallet', amount: '950.00', bank: null, bank_name: null, reference_no: 'GC-501234' },
  ],
  checked_out_at: '2026-11-29T07:00:00.000Z',
  ...over,
});
