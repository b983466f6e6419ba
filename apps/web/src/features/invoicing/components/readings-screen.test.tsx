import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Reading, ReadingKind } from '@ginhawa/contract';
import { mockApi, okPage } from '../../../test/api-mock';
import { renderInProviders } from '../../../test/render';
import { readingLines } from './readings-lines';
import { ReadingsScreen } from './readings-screen';

const terminals = okPage([
  { id: 3, name: 'Front desk 1', location: 7, location_name: 'Makati Salcedo', is_active: true },
  { id: 4, name: 'Front desk 1', location: 9, location_name: 'BGC', is_active: true },
]);

const aReading = (id: number, kind: ReadingKind, zCounter: number | null, gross = '4480.00'): Reading => ({
  id,
  kind,
  terminal: 3,
  terminal_name: 'Front desk 1',
  location: 7,
  location_name: 'Makati Salcedo',
  z_counter: zCounter,
  business_date: '2026-11-29',
  made_at: '2026-11-29T12:00:00.000Z',
  snapshot: {
    title: kind === 'z' ? 'Z READING' : 'X READING',
    kind,
    business_date: '2026-11-29',
    made_at: '2026-11-29T12:00:00.000Z',
    made_by: 'Marites Manager',
    seller: { registered_name: 'Ginhawa Spa Inc.', tin_line: 'VAT REG TIN 123-456-789-00000', address: 'Makati' },
    location: { id: 7, name: 'Makati Salcedo' },
    terminal: {
      id: 3,
      name: 'Front desk 1',
      min: 'MIN-2026-0001',
      serial_number: 'SN-77',
      permit_number: 'FP-0426-2026',
      permit_date: '2026-04-01',
    },
    z_counter: zCounter,
    previous_z_counter: 3,
    reset_counter: 0,
    since: '2026-11-28T12:00:00.000Z',
    through: { invoice: 14, credit_memo: 1, acknowledgement: 0 },
    documents: {
      invoice: { first: '00000-SI-0000000011', last: '00000-SI-0000000014', count: 4 },
      credit_memo: { first: '00000-CM-0000000001', last: '00000-CM-0000000001', count: 1 },
      acknowledgement: { first: null, last: null, count: 0 },
    },
    document_count: 5,
    grand_total: { previous: '100000.00', present: '104480.00' },
    gross,
    vatable_sales: '2500.00',
    vat: '300.00',
    vat_exempt_sales: '1000.00',
    zero_rated_sales: '0.00',
    discounts: { senior: '200.00', pwd: '0.00', other: '50.00' },
    service_charge: '0.00',
    voids: { count: 1, amount: '480.00' },
    credit_memos: { count: 1, amount: '150.00' },
    net_sales: '3850.00',
    payments: [
      { method: 'cash', bank_name: null, amount: '2350.00' },
      { method: 'card', bank_name: 'BDO', amount: '1500.00' },
    ],
    cash: '2350.00',
  },
});

const older = aReading(20, 'z', 3, '9000.00');
const x = aReading(21, 'x', null);
const z = aReading(22, 'z', 4);

describe('Readings', () => {
  it('lists the readings and opens one with every figure as it prints', async () => {
    const calls = mockApi({
      'GET /invoicing/terminals/': terminals,
      'GET /invoicing/readings/': okPage([older]),
      'GET /invoicing/readings/20/': { status: 200, data: older },
    });
    renderInProviders(<ReadingsScreen canZ reach={[7]} />);
    // The only terminal at the person's branch is chosen, and the list asks for its readings.
    expect(await screen.findByRole('combobox', { name: 'Terminal' })).toHaveTextContent(
      'Front desk 1 · Makati Salcedo',
    );
    const row = await screen.findByRole('row', { name: /₱9,000\.00/ });
    expect(row).toHaveTextContent('Z reading');
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/invoicing/readings/?') && c.url.includes('terminal=3'))).toBe(true),
    );
    await userEvent.click(within(row).getByText('₱9,000.00'));
    const dialog = await screen.findByRole('dialog', { name: 'Z reading no. 3 · Front desk 1' });
    const printout = await within(dialog).findByRole('document', { name: 'Z READING' });
    const rowText = (label: string) => within(printout).getByText(label).parentElement?.textContent;
    expect(rowText('MIN')).toBe('MINMIN-2026-0001');
    expect(rowText('Permit / AC no.')).toBe('Permit / AC no.FP-0426-2026');
    expect(rowText('Gross sales')).toBe('Gross sales₱9,000.00');
    expect(rowText('Present')).toBe('Present₱104,480.00');
    expect(rowText('Voids (1)')).toBe('Voids (1)₱480.00');
    expect(rowText('Card · BDO')).toBe('Card · BDO₱1,500.00');
    expect(rowText('Documents in all')).toBe('Documents in all5');
    expect(rowText('Cash in drawer')).toBe('Cash in drawer₱2,350.00');
    expect(within(printout).getByText('VAT REG TIN 123-456-789-00000')).toBeInTheDocument();
    expect(within(printout).getAllByText('00000-SI-0000000014')).toHaveLength(1);
  });

  it('takes an X reading for the chosen terminal and opens it', async () => {
    const calls = mockApi({
      'GET /invoicing/terminals/': terminals,
      'GET /invoicing/readings/': okPage([]),
      'POST /invoicing/readings/x/4/': { status: 201, data: { ...x, id: 23, terminal: 4 } },
    });
    // An Admin (every branch): two terminals, none chosen until one is.
    renderInProviders(<ReadingsScreen canZ reach={null} />);
    expect(await screen.findByText(/No readings yet/)).toBeInTheDocument();
    const takeX = screen.getByRole('button', { name: 'Take X reading' });
    await waitFor(() => expect(screen.getByText('Choose a terminal to take its reading.')).toBeInTheDocument());
    expect(takeX).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Terminal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Front desk 1 · BGC' }));
    await userEvent.click(takeX);
    expect(await screen.findByRole('dialog', { name: /^X reading · Front desk 1/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/invoicing/readings/x/4/']);
  });

  it('asks before the Z reading, shows the server’s refusal, then closes the day', async () => {
    let refuse = true;
    const calls = mockApi({
      'GET /invoicing/terminals/': terminals,
      'GET /invoicing/readings/': okPage([x]),
      'POST /invoicing/readings/z/3/': () =>
        refuse
          ? {
              status: 409,
              data: {
                message:
                  'Front desk 1 was closed for 2026-11-30 already (Z reading 4): a Z reading for an earlier day cannot follow it.',
                errors: {},
              },
            }
          : { status: 201, data: z },
    });
    renderInProviders(<ReadingsScreen canZ reach={[7]} />);
    await screen.findByRole('row', { name: /X reading/ });
    await userEvent.click(screen.getByRole('button', { name: 'Take Z reading' }));
    const ask = await screen.findByRole('dialog', { name: 'Take the Z reading of Front desk 1?' });
    expect(ask).toHaveTextContent(/closes Front desk 1's business day at Makati Salcedo/);
    expect(ask).toHaveTextContent('A Z reading cannot be undone.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Take Z reading' }));
    expect(await within(ask).findByText(/a Z reading for an earlier day cannot follow it\.$/)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(ask).getByRole('button', { name: 'Take Z reading' }));
    expect(await screen.findByRole('dialog', { name: 'Z reading no. 4 · Front desk 1' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/invoicing/readings/z/3/',
      '/invoicing/readings/z/3/',
    ]);
  });

  it('gives the desk no Z button', async () => {
    mockApi({ 'GET /invoicing/terminals/': terminals, 'GET /invoicing/readings/': okPage([x]) });
    renderInProviders(<ReadingsScreen canZ={false} reach={[7]} />);
    await screen.findByRole('row', { name: /X reading/ });
    expect(screen.getByRole('button', { name: 'Take X reading' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Take Z reading' })).not.toBeInTheDocument();
  });

  it('says so when the list fails, and shows an X reading’s own lines', async () => {
    mockApi({
      'GET /invoicing/terminals/': terminals,
      'GET /invoicing/readings/': { status: 500, data: { message: 'Database unavailable.' } },
    });
    renderInProviders(<ReadingsScreen canZ reach={[7]} />);
    expect(await screen.findByText('The readings could not be loaded')).toBeInTheDocument();
    // An X reading has no Z counter of its own; it prints the previous one and resets nothing.
    const lines = readingLines(x).map((l) => (l.kind === 'row' ? `${l.left}: ${l.right}` : 'text' in l ? l.text : '—'));
    expect(lines).not.toContain('Z counter: 4');
    expect(lines.filter((l) => l.startsWith('Z counter'))).toEqual([]);
    expect(lines).toContain('Previous Z counter: 3');
    expect(lines).toContain('Reset counter: 0');
    expect(lines.at(-1)).toBe('END OF X READING');
  });
});
