import type {
  DailyReport,
  DailySalesReport,
  Leaderboard,
  LocationSales,
  SaleLineRead,
  SaleLinesPage,
} from '@ginhawa/contract';
import { aLocation, aLocationDay, noDeposits, pageOf } from '../../../test/fixtures';

/** Answers shaped as the reports API sends them, for the screens' tests. */
export const locationsPage = pageOf([
  aLocation(1, 'Makati', { phone: '', opening_time: '09:00', closing_time: '21:00' }),
  aLocation(2, 'Cebu', { phone: '', opening_time: '09:00', closing_time: '21:00' }),
]);

export const dailySales: DailySalesReport = {
  date: '2026-11-20',
  locations: [
    {
      location: 1,
      location_name: 'Makati',
      report: 7,
      status: 'submitted',
      count: 3,
      gross_total: '4600.00',
      discount_total: '100.00',
      net_total: '4500.00',
      service_charge_total: '75.00',
      cash_expected: '3000.00',
      deposits: {
        ...noDeposits(),
        received_total: '500.00',
        received: [
          {
            reservation: 31,
            client: 5,
            client_name: 'Ana Cruz',
            reservation_date: '2026-11-21',
            payment_method: 'e_wallet',
            bank: null,
            bank_name: null,
            reference_no: 'GC-0042',
            amount: '500.00',
            deposit_status: 'held',
          },
        ],
      },
      cash_on_hand: '2950.00',
      variance: '-50.00',
      by_payment_method: [
        { key: 'cash', name: 'Cash', total: '3000.00', service_charge: '0.00', count: 2 },
        { key: 'card', name: 'Card', total: '1500.00', service_charge: '75.00', count: 1 },
      ],
      by_bank: [{ key: '4', name: 'BDO Unibank', total: '1500.00', service_charge: '75.00', count: 1 }],
      by_salesperson: [{ key: '11', name: 'Ana Reyes', total: '4500.00', service_charge: '75.00', count: 3 }],
    },
    aLocationDay(2, 'Cebu'),
  ],
};

export const report = (status: DailyReport['status'], extra: Partial<DailyReport> = {}): DailyReport => ({
  id: 7,
  location: 1,
  location_name: 'Makati',
  date: '2026-11-20',
  status,
  gross_total: '4600.00',
  discount_total: '100.00',
  net_total: '4500.00',
  cash_total: '3000.00',
  service_charge_total: '75.00',
  cash_expected: '3000.00',
  deposits_received_total: '500.00',
  deposits_applied_total: '0.00',
  cash_count: null,
  sales_count: 3,
  by_payment_method: { cash: '3000.00', card: '1500.00' },
  cash_on_hand: '2950.00',
  variance: '-50.00',
  z_readings: [],
  z_cash: null,
  z_cash_difference: null,
  remarks: '',
  return_reason: '',
  submitted_by: null,
  submitted_at: null,
  approved_by: null,
  approved_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

export const reportPage = (status: DailyReport['status'] | null, extra: Partial<DailyReport> = {}) =>
  pageOf(status ? [report(status, extra)] : []);

/** A page of lines; `totals` are the server's sums of every matching line (zeros unless given). */
export const saleLinesPage = (
  lines: SaleLineRead[],
  count = lines.length,
  totals: Partial<SaleLinesPage['totals']> = {},
): SaleLinesPage => ({
  ...pageOf(lines),
  count,
  totals: {
    gross_total: '0.00',
    discount_total: '0.00',
    net_total: '0.00',
    service_charge_total: '0.00',
    sales_count: count,
    ...totals,
  },
});

export const locationSales: LocationSales = {
  month: 2,
  year: 2024,
  locations: [
    {
      location: 1,
      location_name: 'Makati',
      days: [{ date: '2024-02-29', total: '1200.50', count: 2 }],
      total: '1200.50',
      count: 2,
    },
    {
      location: 2,
      location_name: 'Cebu',
      days: [{ date: '2024-02-01', total: '800.00', count: 1 }],
      total: '800.00',
      count: 1,
    },
  ],
  total: '2000.50',
  count: 3,
};

export const leaderboard: Leaderboard = {
  month: 11,
  year: 2026,
  cutoff: 1,
  date_from: '2026-11-01',
  date_to: '2026-11-15',
  results: [
    {
      rank: 1,
      salesperson: 11,
      salesperson_name: 'Ana Reyes',
      location: 1,
      location_name: 'Makati',
      total: '9000.00',
      count: 6,
      target: '20000.00',
      share_of_target: '45.00',
    },
    {
      rank: 1,
      salesperson: 12,
      salesperson_name: 'Ben Cruz',
      location: 2,
      location_name: 'Cebu',
      total: '9000.00',
      count: 4,
      target: '0.00',
      share_of_target: null,
    },
    {
      rank: 3,
      salesperson: 13,
      salesperson_name: 'Carla Lim',
      location: 1,
      location_name: 'Makati',
      total: '500.00',
      count: 1,
      target: '20000.00',
      share_of_target: '2.50',
    },
  ],
};

export const salespersonsPage = pageOf([
  {
    id: 11,
    kind: 'salesperson',
    user: null,
    username: null,
    first_name: 'Ana',
    last_name: 'Reyes',
    full_name: 'Ana Reyes',
    employee_code: 'SP-0001',
    phone: null,
    location: 1,
    location_name: 'Makati',
    hire_date: '2024-01-01',
    is_active: true,
    monthly_target: '20000.00',
    created_at: '',
    updated_at: '',
  },
]);
export const banksPage = pageOf([
  {
    id: 4,
    name: 'BDO Unibank',
    account_name: 'Ginhawa',
    account_number: '1234567890',
    account_number_masked: '••••7890',
    is_active: true,
    created_at: '',
    updated_at: '',
  },
]);
