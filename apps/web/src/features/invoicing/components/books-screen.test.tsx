import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  todayInManila,
  type CorrectionsBook,
  type SalesSummary,
  type SalesSummaryRow,
  type SpecialDiscountBook,
  type Terminal,
} from '@ginhawa/contract';
import { mockApi, okPage } from '../../../test/api-mock';
import { renderInProviders, setViewportWidth } from '../../../test/render';
import { BooksScreen } from './books-screen';

const today = todayInManila();
const monthStart = `${today.slice(0, 7)}-01`;

const day: SalesSummaryRow = {
  date: '2026-11-28',
  location: 7,
  location_name: 'Makati Salcedo',
  terminal: 3,
  terminal_name: 'Front desk 1',
  min: '24011512345678901',
  first_invoice: '00000-SI-0000000011',
  last_invoice: '00000-SI-0000000014',
  grand_total_before: '120000.00',
  grand_total_after: '124360.00',
  gross: '4360.00',
  vatable_sales: '2000.00',
  vat: '240.00',
  vat_exempt_sales: '1000.00',
  zero_rated_sales: '0.00',
  discount_senior: '200.00',
  discount_pwd: '0.00',
  discount_other: '0.00',
  returns: '0.00',
  voids: '1120.00',
  net_sales: '3040.00',
  z_counter: 17,
  reset_counter: 0,
};

/** What every book asks by default: this month so far. */
const thisMonth = { date_from: monthStart, date_to: today };
/** A book row's day and till: 28 Nov at Makati's Front desk 1. */
const atDesk1 = { date: '2026-11-28', location_name: 'Makati Salcedo', terminal_name: 'Front desk 1' };
/** Lola Santos's senior sale: ₱1,120.00 less VAT, less her 20% off. */
const lolasSale = {
  sales: '1120.00',
  vat: '120.00',
  vat_exempt_sales: '1000.00',
  discount: '200.00',
  net_sales: '800.00',
};

const summary: SalesSummary = {
  ...thisMonth,
  rows: [day, { ...day, date: '2026-11-29', z_counter: null, first_invoice: null, last_invoice: null }],
  totals: {
    gross: '8720.00',
    vatable_sales: '4000.00',
    vat: '480.00',
    vat_exempt_sales: '2000.00',
    zero_rated_sales: '0.00',
    discount_senior: '400.00',
    discount_pwd: '0.00',
    discount_other: '0.00',
    returns: '0.00',
    voids: '2240.00',
    net_sales: '6080.00',
  },
};

const seniors: SpecialDiscountBook = {
  kind: 'senior',
  ...thisMonth,
  rows: [
    {
      ...atDesk1,
      document_no: '00000-SI-0000000012',
      name: 'Lola Santos',
      id_type: 'osca',
      id_number: 'OSCA-777',
      tin: '',
      ...lolasSale,
      voided: false,
    },
    {
      ...atDesk1,
      document_no: '00000-SI-0000000013',
      name: 'Lolo Reyes',
      id_type: 'government_id',
      id_number: 'UMID-55',
      tin: '123-456-789',
      sales: '2240.00',
      vat: '240.00',
      vat_exempt_sales: '2000.00',
      discount: '400.00',
      net_sales: '1600.00',
      voided: true,
    },
  ],
  // The voided invoice is listed but not totalled.
  totals: lolasSale,
};

const corrections: CorrectionsBook = {
  ...thisMonth,
  rows: [
    {
      ...atDesk1,
      kind: 'void',
      document_no: '00000-SI-0000000013',
      original_invoice: null,
      buyer_name: 'Lolo Reyes',
      amount: '1120.00',
      reason: 'Rang up the wrong client.',
      at: '2026-11-28T05:10:00.000Z',
      by: 'Mara Manager',
    },
    {
      ...atDesk1,
      kind: 'credit_memo',
      document_no: '00000-CM-0000000002',
      original_invoice: '00000-SI-0000000011',
      buyer_name: '',
      amount: '560.00',
      reason: 'Half the session refunded.',
      at: '2026-11-28T09:30:00.000Z',
      by: 'Rosa Desk',
    },
  ],
  totals: { voids: '1120.00', void_count: 1, credit_memos: '560.00', credit_memo_count: 1 },
};

const desk = { id: 3, name: 'Front desk 1', is_active: true } as Terminal;
const oldDesk = { id: 4, name: 'Front desk 2', is_active: false } as Terminal;

const MAKATI = [{ id: 7, name: 'Makati Salcedo' }];
const TWO = [...MAKATI, { id: 8, name: 'BGC High Street' }];

/** The cells of the row whose first cell says `first`, as text. */
const cellsOf = (table: HTMLElement, first: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.querySelector('td')?.textContent === first);
  return Array.from(row?.querySelectorAll('td') ?? []).map((cell) => cell.textContent);
};

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('Books', () => {
  beforeEach(() => setViewportWidth(1280));

  it("shows the sales summary (E-1) of this month so far with the server's figures and its totals", async () => {
    const calls = mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: summary },
      'GET /invoicing/terminals/': okPage([desk]),
    });
    renderInProviders(<BooksScreen locations={MAKATI} admin={false} />);
    const table = await screen.findByRole('table', { name: 'Sales summary' });
    expect(cellsOf(table, '28 Nov 2026')).toEqual([
      '28 Nov 2026',
      'Front desk 1Makati Salcedo · MIN 24011512345678901',
      '00000-SI-0000000011to 00000-SI-0000000014',
      '₱124,360.00from ₱120,000.00',
      '₱4,360.00',
      '₱2,000.00',
      '₱240.00',
      '₱1,000.00',
      '₱0.00',
      '₱200.00',
      '₱0.00',
      '₱0.00',
      '₱0.00',
      '₱1,120.00',
      '₱3,040.00',
      '17',
      '0',
    ]);
    // A day not yet closed: no Z counter, and no invoice numbers on a day of credit memos only.
    expect(cellsOf(table, '29 Nov 2026')[2]).toBe('—');
    expect(cellsOf(table, '29 Nov 2026')[15]).toBe('—');
    // The totals are the server's, not the rows added up on the page.
    expect(cellsOf(table, 'Total')).toEqual([
      'Total',
      '',
      '',
      '',
      '₱8,720.00',
      '₱4,000.00',
      '₱480.00',
      '₱2,000.00',
      '₱0.00',
      '₱400.00',
      '₱0.00',
      '₱0.00',
      '₱0.00',
      '₱2,240.00',
      '₱6,080.00',
      '',
      '',
    ]);
    const book = calls.find((c) => c.url.startsWith('/invoicing/books/'));
    // A Manager of one branch reads that branch, this month so far (Manila days).
    expect(query(book!.url)).toEqual({ date_from: monthStart, date_to: today, location: '7' });
  });

  it('opens the senior citizens book (E-2) on its own endpoint with the same range; its CSV carries the query', async () => {
    const calls = mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: summary },
      'GET /invoicing/books/senior-citizens/': { status: 200, data: seniors },
      'GET /invoicing/books/pwd/': { status: 200, data: { ...seniors, kind: 'pwd', rows: [] } },
      'GET /invoicing/terminals/': okPage([desk, oldDesk]),
    });
    renderInProviders(<BooksScreen locations={MAKATI} admin={false} />);
    await screen.findByRole('table', { name: 'Sales summary' });
    // One terminal of the branch: the query and the CSV both name it.
    await userEvent.click(screen.getByRole('combobox', { name: 'Terminal' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Front desk 2 (inactive)' })).toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: 'Front desk 1' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Senior citizens (E-2)' }));
    const table = await screen.findByRole('table', { name: 'Senior citizens' });
    expect(cellsOf(table, '28 Nov 2026')).toEqual([
      '28 Nov 2026',
      'Lola SantosOSCA / senior citizen ID OSCA-777',
      '00000-SI-0000000012Front desk 1 · Makati Salcedo',
      '₱1,120.00',
      '₱120.00',
      '₱1,000.00',
      '₱200.00',
      '₱800.00',
    ]);
    const voided = within(table).getByText('00000-SI-0000000013').closest('tr')!;
    expect(within(voided).getByText('VOID')).toBeInTheDocument();
    expect(within(voided).getByText('Other government ID UMID-55 · TIN 123-456-789')).toBeInTheDocument();
    expect(cellsOf(table, 'Total').slice(3)).toEqual(['₱1,120.00', '₱120.00', '₱1,000.00', '₱200.00', '₱800.00']);

    const asked = calls.filter((c) => c.url.startsWith('/invoicing/books/senior-citizens/'));
    expect(asked.map((c) => query(c.url))).toEqual([
      { date_from: monthStart, date_to: today, location: '7', terminal: '3' },
    ]);
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    const href = new URL(csv.getAttribute('href')!, 'http://x');
    expect(href.pathname).toMatch(/\/invoicing\/books\/senior-citizens\/$/);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      date_from: monthStart,
      date_to: today,
      location: '7',
      terminal: '3',
      format: 'csv',
    });

    await userEvent.click(screen.getByRole('tab', { name: 'PWD (E-3)' }));
    expect(await screen.findByText('No invoices in this range.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/invoicing/books/pwd/?'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain('/invoicing/books/pwd/?');
  });

  it('an Admin reads every branch, or picks one; a changed range asks again', async () => {
    const calls = mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: summary },
      'GET /invoicing/terminals/': okPage([desk]),
    });
    renderInProviders(<BooksScreen locations={TWO} admin />);
    await screen.findByRole('table', { name: 'Sales summary' });
    const books = () => calls.filter((c) => c.url.startsWith('/invoicing/books/')).map((c) => query(c.url));
    expect(books()[0]).toEqual({ date_from: monthStart, date_to: today });
    expect(screen.getByRole('combobox', { name: 'Terminal' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('combobox', { name: 'Branch' }));
    await userEvent.click(await screen.findByRole('option', { name: 'BGC High Street' }));
    await waitFor(() => expect(books().at(-1)).toEqual({ date_from: monthStart, date_to: today, location: '8' }));

    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await waitFor(() => expect(books().at(-1)).toEqual({ date_from: '2026-10-01', date_to: today, location: '8' }));
  });

  it('says when the last day comes before the first, and asks nothing', async () => {
    const calls = mockApi({ 'GET /invoicing/books/sales-summary/': { status: 200, data: summary } });
    renderInProviders(<BooksScreen locations={TWO} admin={false} />);
    await screen.findByRole('table', { name: 'Sales summary' });
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    expect(await screen.findByText('The last day comes on or after the first.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sales summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('date_to=2020-01-01'))).toBe(false);
  });

  it('says so when a book is empty, and when it fails', async () => {
    mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: { ...summary, rows: [] } },
    });
    const { unmount } = renderInProviders(<BooksScreen locations={TWO} admin={false} />);
    const table = await screen.findByRole('table', { name: 'Sales summary' });
    expect(within(table).getByText('No invoices in this range.')).toBeInTheDocument();
    // No totals row under no rows.
    expect(within(table).queryByText('Total')).not.toBeInTheDocument();
    unmount();
    mockApi({
      'GET /invoicing/books/sales-summary/': {
        status: 403,
        data: { message: 'You do not work at BGC High Street, so you cannot read its books.', errors: {} },
      },
    });
    renderInProviders(<BooksScreen locations={TWO} admin={false} />);
    expect(await screen.findByText('The sales summary could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You do not work at BGC High Street, so you cannot read its books.')).toBeInTheDocument();
  });

  it('on a phone names the tabs short, each still opening its own book', async () => {
    setViewportWidth(390);
    const calls = mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: summary },
      'GET /invoicing/books/pwd/': { status: 200, data: { ...seniors, kind: 'pwd', rows: [] } },
    });
    renderInProviders(<BooksScreen locations={TWO} admin={false} />);
    await screen.findByRole('table', { name: 'Sales summary' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Summary (E\u20111)',
      'Seniors (E\u20112)',
      'PWD (E\u20113)',
      'Voids',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: /^PWD/ }));
    expect(await screen.findByRole('table', { name: 'Persons with disability' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/invoicing/books/pwd/?'))).toBe(true);
  });

  it('lists the voids and credit memos with their reasons, and their totals as the server gives them', async () => {
    const calls = mockApi({
      'GET /invoicing/books/sales-summary/': { status: 200, data: summary },
      'GET /invoicing/books/corrections/': { status: 200, data: corrections },
    });
    renderInProviders(<BooksScreen locations={TWO} admin={false} />);
    await screen.findByRole('table', { name: 'Sales summary' });
    await userEvent.click(screen.getByRole('tab', { name: 'Voids and credit memos' }));
    const table = await screen.findByRole('table', { name: 'Voids and credit memos' });
    const rows = within(table).getAllByRole('row');
    expect(Array.from(rows[1]!.querySelectorAll('td')).map((c) => c.textContent)).toEqual([
      '28 Nov 2026',
      '00000-SI-0000000013VOIDFront desk 1 · Makati Salcedo',
      'Lolo Reyes',
      '₱1,120.00',
      'Rang up the wrong client.',
      expect.stringMatching(/^Mara Manager28 Nov 2026, 1:10 pm$/),
    ]);
    expect(rows[2]!.textContent).toContain('00000-CM-0000000002CREDIT MEMOfor 00000-SI-0000000011 · Front desk 1');
    expect(cellsOf(table, 'Total')).toEqual(['Total', '1 void: ₱1,120.00', '', '', '1 credit memo: ₱560.00', '']);
    expect(query(calls.find((c) => c.url.startsWith('/invoicing/books/corrections/'))!.url)).toEqual({
      date_from: monthStart,
      date_to: today,
    });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      '/invoicing/books/corrections/?',
    );
  });
});
