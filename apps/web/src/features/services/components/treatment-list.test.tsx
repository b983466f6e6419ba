import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Page, Treatment, TreatmentCategory } from '@ginhawa/contract';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { aTreatment } from '../../../test/fixtures';
import { renderWithRouter } from '../../../test/render';
import { TreatmentList } from './treatment-list';

const stamp = { created_at: '2025-11-01T02:00:00.000Z', updated_at: '2025-11-01T02:00:00.000Z' };
const page = <T,>(results: T[], count = results.length): Page<T> => ({ count, next: null, previous: null, results });

const categories: TreatmentCategory[] = [
  { id: 1, name: 'Massages', description: '', treatments_count: 2, ...stamp },
  { id: 2, name: 'Facials', description: '', treatments_count: 0, ...stamp },
];
const hilot = aTreatment();
const bamboo: Treatment = {
  ...hilot,
  id: 13,
  name: 'Bamboo Massage',
  price: '1600.50',
  duration_minutes: 75,
  is_active: false,
};

const setup = (overrides: Record<string, MockHandler> = {}) => {
  const calls = mockApi({
    'GET /services/treatments/': { status: 200, data: page([bamboo, hilot], 27) },
    'GET /services/treatment-categories/': { status: 200, data: page(categories) },
    ...overrides,
  });
  renderWithRouter(<TreatmentList />, { path: '/admin/services' });
  return calls;
};

const lists = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/services/treatments/')).map((c) => c.url);
const body = (call: { data: unknown } | undefined) => JSON.parse(String(call?.data)) as unknown;

// Data Grid and typing are slow in jsdom, more so on a busy machine.
describe('treatment list', { timeout: 20_000 }, () => {
  it('shows a server page with pesos, durations and status, and the total for paging', async () => {
    const calls = setup();
    const row = await screen.findByRole('row', { name: /Bamboo Massage/ });
    expect(within(row).getByText('₱1,600.50')).toBeInTheDocument();
    expect(within(row).getByText('1 h 15 min')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 27')).toBeInTheDocument();
    expect(lists(calls)[0]).toBe('/services/treatments/?page=1&pageSize=25');
  });

  it('searches and filters on the server', async () => {
    const calls = setup();
    await screen.findByRole('row', { name: /Hilot/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search treatments' }), 'hil');
    await waitFor(() => expect(lists(calls)).toContain('/services/treatments/?page=1&pageSize=25&search=hil'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(lists(calls)).toContain('/services/treatments/?page=1&pageSize=25&search=hil&is_active=false'),
    );
  });

  it('offers a retry when loading fails', async () => {
    setup({
      'GET /services/treatments/': {
        status: 500,
        data: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'The treatments could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a treatment, showing the server field errors first', async () => {
    let attempt = 0;
    const calls = setup({
      'POST /services/treatments/': () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 409,
              data: {
                message: 'A treatment named "Hilot" already exists in Massages.',
                errors: { name: ['Massages already has a treatment with this name.'] },
              },
            }
          : { status: 201, data: { ...hilot, id: 20, name: 'Hilot Deluxe' } };
      },
    });
    await screen.findByRole('row', { name: /Hilot/ });
    await userEvent.click(screen.getByRole('button', { name: 'New treatment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New treatment' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Hilot');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Massages' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Price' }));
    await userEvent.paste('1300.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    expect(await within(dialog).findByText('Massages already has a treatment with this name.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste(' Deluxe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    expect(await screen.findByText('Hilot Deluxe added.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(body(posts[1])).toEqual({
      name: 'Hilot Deluxe',
      category: 1,
      duration_minutes: 60,
      price: '1300.5',
      description: '',
      is_active: true,
      room_kinds: [],
      tax_class: 'vatable',
      senior_pwd_eligible: true,
    });
  });

  it('refuses a price with three decimals before sending', async () => {
    const calls = setup();
    await screen.findByRole('row', { name: /Hilot/ });
    await userEvent.click(screen.getByRole('button', { name: 'New treatment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New treatment' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Price' }));
    await userEvent.paste('12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    expect(
      within(dialog).getByText('Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a category.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks before deleting, and shows why a treatment in use cannot go', async () => {
    const calls = setup({
      'DELETE /services/treatments/12/': {
        status: 409,
        data: {
          message: 'This treatment is in use: included in 1 membership (Gold). Deactivate it instead of deleting it.',
        },
      },
    });
    await screen.findByRole('row', { name: /Hilot/ });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Hilot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete treatment?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This treatment is in use: included in 1 membership (Gold). Deactivate it instead of deleting it.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/services/treatments/12/']);
  });
});
