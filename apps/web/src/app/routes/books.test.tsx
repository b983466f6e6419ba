import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { todayInManila, type MyData, type SalesSummary } from '@ginhawa/contract';
import { mockApi, okPage } from '../../test/api-mock';
import { adminData, aLocation, managerData, signedInShell, therapistData } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const today = todayInManila();
const empty: SalesSummary = {
  date_from: `${today.slice(0, 7)}-01`,
  date_to: today,
  rows: [],
  totals: {
    gross: '0.00',
    vatable_sales: '0.00',
    vat: '0.00',
    vat_exempt_sales: '0.00',
    zero_rated_sales: '0.00',
    discount_senior: '0.00',
    discount_pwd: '0.00',
    discount_other: '0.00',
    returns: '0.00',
    voids: '0.00',
    net_sales: '0.00',
  },
};

const signedIn = (me: MyData) =>
  mockApi({
    ...signedInShell(me, {}),
    'GET /locations/': okPage([aLocation(1, 'Makati'), aLocation(9, 'Cebu IT Park')]),
    'GET /invoicing/terminals/': okPage([]),
    'GET /invoicing/books/sales-summary/': { status: 200, data: empty },
  });

const booksAsked = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url.startsWith('/invoicing/books/')).map((c) => new URL(c.url, 'http://x').searchParams);

describe('/books (decision 1035)', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it("opens for a branch's Manager on their own branch", async () => {
    const calls = signedIn(managerData);
    renderApp('/books');
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    expect(await screen.findByText('No invoices in this range.')).toBeInTheDocument();
    // One branch: no branch to choose, and the book is that branch's.
    expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument();
    expect(booksAsked(calls).at(-1)?.get('location')).toBe('1');
  });

  it('opens for an Admin on every branch, each one to choose', async () => {
    const calls = signedIn(adminData);
    renderApp('/books');
    expect(await screen.findByText('No invoices in this range.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveTextContent('All branches');
    expect(booksAsked(calls).at(-1)?.get('location')).toBeNull();
  });

  it('sends a therapist to the dashboard, asking for no book', async () => {
    const calls = signedIn(therapistData);
    renderApp('/books');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(booksAsked(calls)).toEqual([]);
  });
});
