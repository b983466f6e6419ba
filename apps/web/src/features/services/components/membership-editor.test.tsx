import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AllowedTreatment, Membership, MembershipCategory, Page, Treatment } from '@ginhawa/contract';
import { mockApi, type MockCall, type MockHandler } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { MembershipEditor } from './membership-editor';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const stamp = { created_at: '2025-11-01T02:00:00.000Z', updated_at: '2025-11-01T02:00:00.000Z' };
const page = <T,>(results: T[]): Page<T> => ({ count: results.length, next: null, previous: null, results });

const gold: Membership = {
  id: 5,
  name: 'Gold',
  price: '25000.00',
  validity_days: 365,
  description: 'A year of massages at 15% off.',
  is_active: true,
  categories: [1],
  category_names: ['Annual'],
  allowed_treatments_count: 1,
  tax_class: 'vatable',
  senior_pwd_eligible: false,
  ...stamp,
};

const categories: MembershipCategory[] = [
  { id: 1, name: 'Annual', description: '', memberships_count: 3, ...stamp },
  { id: 2, name: 'Couples', description: '', memberships_count: 1, ...stamp },
];

const treatment = (id: number, name: string, price: string, category_name = 'Massages'): Treatment => ({
  id,
  name,
  category: 1,
  category_name,
  duration_minutes: 60,
  price,
  description: '',
  is_active: true,
  room_kinds: [],
  tax_class: 'vatable',
  senior_pwd_eligible: true,
  ...stamp,
});

const swedish = treatment(11, 'Swedish Massage', '1200.00');
const hilot = treatment(12, 'Hilot', '1300.00');
const facial = treatment(13, 'Classic Facial', '1100.00', 'Facials');

const swedishLine: AllowedTreatment = {
  id: 40,
  membership: 5,
  membership_name: 'Gold',
  treatment: 11,
  treatment_name: 'Swedish Massage',
  treatment_category_name: 'Massages',
  treatment_duration_minutes: 60,
  treatment_price: '1200.00',
  treatment_is_active: true,
  member_price: '1020.00',
  sessions_included: 6,
  discount_percent: '15.00',
  ...stamp,
};

const setup = (overrides: Record<string, MockHandler> = {}) => {
  const calls = mockApi({
    'GET /services/memberships/5/': { status: 200, data: gold },
    'GET /services/membership-allowed-treatments/': { status: 200, data: page([swedishLine]) },
    'GET /services/membership-categories/': { status: 200, data: page(categories) },
    'GET /services/treatments/': { status: 200, data: page([swedish, hilot, facial]) },
    ...overrides,
  });
  renderWithRouter(<MembershipEditor membershipId={5} />, { path: '/admin/services/memberships/5' });
  return calls;
};

const body = (call: { data: unknown } | undefined) => JSON.parse(String(call?.data)) as unknown;
const writes = (calls: MockCall[]) => calls.filter((c) => c.method !== 'GET');

// MUI dialogs and autocompletes are slow in jsdom, more so on a busy machine.
describe('membership editor', { timeout: 20_000 }, () => {
  it('shows the details in pesos, the categories and what the membership includes', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gold' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('₱25,000.00')).toBeInTheDocument();
    expect(within(details).getByText('365 days')).toBeInTheDocument();
    expect(within(details).getByText('Active')).toBeInTheDocument();
    const categoriesCard = screen.getByRole('region', { name: 'Categories' });
    expect(await within(categoriesCard).findByRole('button', { name: 'Annual' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Treatments included in Gold' });
    const row = within(table).getByRole('row', { name: /Swedish Massage/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Swedish MassageMassages · 1 h',
      '6',
      '15%',
      '₱1,200.00',
      // The discount repeats under the member price for phones, where its column is hidden.
      '₱1,020.0015% off',
      '',
    ]);
    expect(screen.getByRole('button', { name: 'Save categories' })).toBeDisabled();
  });

  describe('with every style rule', () => {
    // This one checks layout, not only what is hidden (the rest of the file needs no more).
    withEveryStyleRule();
    it("names the actions column for screen readers in a 1 px label, not one as wide as the table (the page's sideways scroll at 390 px)", async () => {
      setup();
      const table = await screen.findByRole('table', { name: 'Treatments included in Gold' });
      const label = within(table).getByText('Actions');
      expect(within(table).getByRole('columnheader', { name: 'Actions' })).toContainElement(label);
      expect(label).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
    });
  });

  it('saves the chosen categories with update_categories', async () => {
    const calls = setup({
      'POST /services/memberships/5/update_categories/': {
        status: 200,
        data: { ...gold, categories: [1, 2], category_names: ['Annual', 'Couples'] },
      },
    });
    const categoriesCard = await screen.findByRole('region', { name: 'Categories' });
    await within(categoriesCard).findByRole('button', { name: 'Annual' });
    await userEvent.click(within(categoriesCard).getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Couples' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save categories' }));
    expect(await screen.findByText('Categories saved.')).toBeInTheDocument();
    const [save] = writes(calls);
    expect(save?.url).toBe('/services/memberships/5/update_categories/');
    expect(body(save)).toEqual({ categories: [1, 2] });
  });

  it("shows the server's refusal under the categories", async () => {
    setup({
      'POST /services/memberships/5/update_categories/': {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: { categories: ['No such membership category: 2.'] },
        },
      },
    });
    const categoriesCard = await screen.findByRole('region', { name: 'Categories' });
    await within(categoriesCard).findByRole('button', { name: 'Annual' });
    await userEvent.click(within(categoriesCard).getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Couples' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save categories' }));
    expect(await within(categoriesCard).findByText('No such membership category: 2.')).toBeInTheDocument();
  });

  it('adds a treatment with its sessions and discount, offering only treatments not yet included', async () => {
    const calls = setup({
      'POST /services/membership-allowed-treatments/': {
        status: 201,
        data: {
          ...swedishLine,
          id: 41,
          treatment: 12,
          treatment_name: 'Hilot',
          sessions_included: 6,
          discount_percent: '10.00',
          member_price: '1170.00',
        },
      },
    });
    await screen.findByRole('table', { name: 'Treatments included in Gold' });
    await userEvent.click(screen.getByRole('button', { name: 'Add treatment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a treatment to Gold' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Treatment' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Hilot1 h · ₱1,300.00', 'Classic Facial1 h · ₱1,100.00']);
    await userEvent.click(screen.getByRole('option', { name: /Hilot/ }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Sessions included' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Sessions included' }), '6');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Discount' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Discount' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Hilot added to Gold.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = writes(calls);
    expect(post?.url).toBe('/services/membership-allowed-treatments/');
    expect(body(post)).toEqual({ membership: 5, treatment: 12, sessions_included: 6, discount_percent: '10' });
  });

  it('checks the line before sending it', async () => {
    const calls = setup();
    await screen.findByRole('table', { name: 'Treatments included in Gold' });
    await userEvent.click(screen.getByRole('button', { name: 'Add treatment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Sessions included' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Sessions included' }), '-1');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Discount' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Discount' }), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Choose a treatment.')).toBeInTheDocument();
    expect(within(dialog).getByText('Sessions cannot be negative.')).toBeInTheDocument();
    expect(within(dialog).getByText('A discount cannot exceed 100%.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's field errors in the line dialog", async () => {
    setup({
      'POST /services/membership-allowed-treatments/': {
        status: 409,
        data: {
          message: 'Gold already includes Hilot; edit that line instead.',
          errors: { treatment: ['Gold already includes this treatment.'] },
        },
      },
    });
    await screen.findByRole('table', { name: 'Treatments included in Gold' });
    await userEvent.click(screen.getByRole('button', { name: 'Add treatment' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Treatment' }));
    await userEvent.click(await screen.findByRole('option', { name: /Hilot/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Gold already includes this treatment.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Treatment' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a line with its current values filled in', async () => {
    const calls = setup({
      'PATCH /services/membership-allowed-treatments/40/': {
        status: 200,
        data: { ...swedishLine, sessions_included: 8 },
      },
    });
    const table = await screen.findByRole('table', { name: 'Treatments included in Gold' });
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Swedish Massage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Swedish Massage' });
    expect(within(dialog).getByRole('combobox', { name: 'Treatment' })).toHaveValue('Swedish Massage');
    expect(within(dialog).getByRole('textbox', { name: 'Discount' })).toHaveValue('15');
    const sessions = within(dialog).getByRole('textbox', { name: 'Sessions included' });
    expect(sessions).toHaveValue('6');
    await userEvent.clear(sessions);
    await userEvent.type(sessions, '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Swedish Massage updated.')).toBeInTheDocument();
    const [patch] = writes(calls);
    expect(patch?.url).toBe('/services/membership-allowed-treatments/40/');
    expect(body(patch)).toEqual({ membership: 5, treatment: 11, sessions_included: 8, discount_percent: '15' });
  });

  it('asks before removing a line', async () => {
    const calls = setup({ 'DELETE /services/membership-allowed-treatments/40/': { status: 204 } });
    const table = await screen.findByRole('table', { name: 'Treatments included in Gold' });
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Swedish Massage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove treatment?' });
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Swedish Massage removed from Gold.')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /services/membership-allowed-treatments/40/',
    ]);
  });

  it('says so when the membership does not exist', async () => {
    setup({ 'GET /services/memberships/5/': { status: 404, data: { message: 'No such membership.' } } });
    expect(await screen.findByRole('heading', { name: 'Membership not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to memberships' })).toHaveAttribute(
      'href',
      '/admin/services?tab=memberships',
    );
  });

  it('says when nothing is included yet', async () => {
    setup({ 'GET /services/membership-allowed-treatments/': { status: 200, data: page([]) } });
    expect(await screen.findByText(/Nothing included yet/)).toBeInTheDocument();
  });
});
