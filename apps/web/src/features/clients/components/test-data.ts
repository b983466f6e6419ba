import type { Client, ClientServices, ClientTreatment } from '@ginhawa/contract';

/** Rows shaped like the API's, for the clients component tests. */
export const liza: Client = {
  id: 7,
  first_name: 'Liza',
  last_name: 'Soberano',
  full_name: 'Liza Soberano',
  phone: '+639171234567',
  email: 'liza@example.ph',
  birthdate: null,
  gender: 'female',
  address: '',
  notes: '',
  location: 2,
  location_name: 'Makati',
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const voucher = (over: Partial<ClientTreatment> = {}): ClientTreatment => ({
  id: 55,
  code: 'V-000055',
  client: 7,
  client_name: 'Liza Soberano',
  treatment: 3,
  treatment_name: 'Hilot',
  sessions_total: 3,
  sessions_used: 1,
  sessions_remaining: 2,
  price_paid: '3000.00',
  salesperson: 4,
  salesperson_name: 'Ana Cruz',
  location: 2,
  location_name: 'Makati',
  expires_on: '2026-12-31',
  client_membership: null,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const services = (over: Partial<ClientServices> = {}): ClientServices => ({
  vouchers: [voucher()],
  memberships: [],
  ...over,
});

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
