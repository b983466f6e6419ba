import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InvoicingProfile, Terminal } from '@ginhawa/contract';
import { AppProvider } from '../../../app/provider';
import { mockApi, okPage } from '../../../test/api-mock';
import { aLocation } from '../../../test/fixtures';
import { testSwr } from '../../../test/render';
import { TaxScreen } from './tax-screen';
import { TerminalForm } from './terminal-form';

const blank: InvoicingProfile = {
  registered_name: '',
  business_style: '',
  tin: '',
  branch_code: '00000',
  registered_address: '',
  vat_status: 'vat',
  vat_rate: '12.00',
  software: {
    supplier_name: '',
    supplier_address: '',
    supplier_tin: '',
    accreditation_no: '',
    date_issued: null,
    valid_until: null,
  },
  invoicing: 'off',
  missing: ['The registered name.', 'The TIN.', 'Makati Salcedo: an active terminal.'],
  updated_at: null,
};

const desk: Terminal = {
  id: 3,
  location: 7,
  location_name: 'Makati Salcedo',
  name: 'Front desk 1',
  min: '24011512345678901',
  serial_number: 'SN-1',
  permit_number: 'FP-1',
  permit_date: '2026-01-10',
  invoice_prefix: 'SI-',
  next_invoice_number: 1001,
  credit_memo_prefix: 'CM-',
  next_credit_memo_number: 1,
  acknowledgement_prefix: 'AR-',
  next_acknowledgement_number: 1,
  grand_total: '123456.50',
  z_counter: 0,
  reset_counter: 0,
  is_active: true,
  created_at: '2026-11-29T00:00:00.000Z',
  updated_at: '2026-11-29T00:00:00.000Z',
};

const renderScreen = () =>
  render(
    <AppProvider swr={testSwr}>
      <MemoryRouter>
        <TaxScreen />
      </MemoryRouter>
    </AppProvider>,
  );

describe('Tax and invoices', () => {
  it('lists what is still missing and the terminals with their next invoice', async () => {
    mockApi({ 'GET /invoicing/profile/': { status: 200, data: blank }, 'GET /invoicing/terminals/': okPage([desk]) });
    renderScreen();
    const missing = await screen.findByRole('status');
    expect(within(missing).getByText('Still to fill in before invoices can carry every fact')).toBeInTheDocument();
    expect(within(missing).getByText('Makati Salcedo: an active terminal.')).toBeInTheDocument();
    expect(await screen.findByText('SI-1001')).toBeInTheDocument();
    expect(screen.getByText('₱123,456.50')).toBeInTheDocument();
    // The books of every branch are a link away (decision 1035).
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/books');
  });

  it("saves the seller's facts as one body, and shows the server's refusal under its field", async () => {
    const calls = mockApi({
      'GET /invoicing/profile/': { status: 200, data: blank },
      'GET /invoicing/terminals/': okPage([]),
      'PUT /invoicing/profile/': {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: { 'software.supplier_tin': ['Enter the TIN as 000-000-000.'] },
        },
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByLabelText('Registered name'));
    await userEvent.paste('Ginhawa Wellness Inc.');
    await userEvent.click(screen.getByLabelText('TIN'));
    await userEvent.paste('123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.data))).toMatchObject({
      registered_name: 'Ginhawa Wellness Inc.',
      tin: '123-456-789',
      vat_rate: '12.00',
      software: { date_issued: null, valid_until: null },
    });
    expect(await screen.findByText('Enter the TIN as 000-000-000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Supplier TIN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a malformed TIN before sending anything', async () => {
    const calls = mockApi({
      'GET /invoicing/profile/': { status: 200, data: blank },
      'GET /invoicing/terminals/': okPage([]),
    });
    renderScreen();
    await userEvent.click(await screen.findByLabelText('TIN'));
    await userEvent.paste('12-34');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByText('Enter the TIN as 000-000-000.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('terminal form', () => {
  it('adds a terminal with its series in capitals and numbers as numbers', async () => {
    const calls = mockApi({
      'GET /locations/': okPage([aLocation(7, 'Makati Salcedo')]),
      'POST /invoicing/terminals/': { status: 201, data: desk },
    });
    render(
      <AppProvider swr={testSwr}>
        <TerminalForm terminal={null} defaultLocation={7} onClose={() => undefined} />
      </AppProvider>,
    );
    await userEvent.click(screen.getByLabelText(/^Name/));
    await userEvent.paste('Front desk 1');
    await userEvent.type(screen.getByLabelText('Invoices: prefix'), 'si-');
    const next = screen.getByLabelText('Invoices: next number');
    await userEvent.clear(next);
    await userEvent.click(next);
    await userEvent.paste('1001');
    await userEvent.click(screen.getByRole('button', { name: 'Add terminal' }));
    expect(await screen.findByText('Front desk 1 added at Makati Salcedo.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toMatchObject({
      location: 7,
      name: 'Front desk 1',
      invoice_prefix: 'SI-',
      next_invoice_number: 1001,
      next_credit_memo_number: 1,
      permit_date: null,
    });
  });
});

describe('journal check', () => {
  it('says the journal is whole, or names the first entry that is not', async () => {
    let answer = { ok: true, entries: 1204, first_bad_entry: null as null | object };
    mockApi({
      'GET /invoicing/profile/': { status: 200, data: blank },
      'GET /invoicing/terminals/': okPage([]),
      'GET /invoicing/journal/verify/': () => ({ status: 200, data: answer }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Check the journal' }));
    expect(await screen.findByText('The journal is whole: 1,204 entries checked.')).toBeInTheDocument();
    answer = {
      ok: false,
      entries: 1,
      first_bad_entry: { id: 9, terminal: 3, seq: 2, reason: 'It does not name the hash of the entry before it.' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Check the journal' }));
    expect(
      await screen.findByText(
        'Entry 2 of terminal 3 is not as it was written: It does not name the hash of the entry before it. Tell your accountant before anything else is changed.',
      ),
    ).toBeInTheDocument();
  });

  it("downloads one terminal's journal of a range as text, once a terminal is chosen", async () => {
    mockApi({
      'GET /invoicing/profile/': { status: 200, data: blank },
      'GET /invoicing/terminals/': okPage([desk]),
    });
    renderScreen();
    const section = await screen.findByRole('region', { name: 'The journal as text' });
    expect(within(section).getByRole('button', { name: 'Download the journal' })).toBeDisabled();
    await userEvent.click(within(section).getByRole('combobox', { name: 'Terminal' }));
    await userEvent.click(await screen.findByRole('option', { name: `${desk.name} · ${desk.location_name}` }));
    const from = within(section).getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    const to = within(section).getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-29');
    const href = new URL(
      within(section).getByRole('link', { name: 'Download the journal' }).getAttribute('href')!,
      'http://x',
    );
    expect(href.pathname).toMatch(/\/invoicing\/journal\/$/);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      terminal: String(desk.id),
      date_from: '2026-11-01',
      date_to: '2026-11-29',
    });
    // The last day before the first: the contract's sentence, and nothing to download.
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    expect(await within(section).findByText('The last day comes on or after the first.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download the journal' })).toBeDisabled();
  });
});
