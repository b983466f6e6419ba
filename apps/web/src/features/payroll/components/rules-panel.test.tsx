import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { RulesPanel } from './rules-panel';
import { RuleForm } from './rule-form';
import { page, rule } from './payroll-fixtures';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const routes = {
  'GET /locations/': { status: 200, data: page([{ id: 1, name: 'Makati', is_active: true }]) },
  'GET /services/treatment-categories/': { status: 200, data: page([{ id: 3, name: 'Massages' }]) },
  'GET /services/treatments/': { status: 200, data: page([{ id: 7, name: 'Hot Stone Massage' }]) },
  'GET /services/memberships/': { status: 200, data: page([]) },
  'GET /services/membership-categories/': { status: 200, data: page([]) },
};

const history = [
  rule({ id: 10, value: '12.00', effective_from: '2026-11-01', effective_to: null }),
  rule({ id: 9, value: '10.00', effective_from: '2026-01-01', effective_to: '2026-10-31' }),
];

const pick = async (dialog: HTMLElement, label: RegExp, option: string | RegExp) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('commission rules', () => {
  afterEach(() => setViewportWidth(1280));

  it('shows each target’s dated history: what was paid until when, and what is in force now', async () => {
    mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page(history) } });
    renderWithRouter(<RulesPanel admin />);
    const grid = await screen.findByRole('grid', { name: 'Commission rules' });
    expect(await within(grid).findByText('since 1 Nov 2026')).toBeInTheDocument();
    expect(within(grid).getByText('1 Jan 2026 to 31 Oct 2026')).toBeInTheDocument();
    expect(within(grid).getAllByText('Category: Massages')).toHaveLength(2);
    expect(within(grid).getByText('12% (voucher sessions at paid price)')).toBeInTheDocument();
    expect(within(grid).getByText('Ended')).toBeInTheDocument();
    expect(within(grid).getByText('Current')).toBeInTheDocument();
  });

  it('adds a rule for a treatment category from a date', async () => {
    const calls = mockApi({
      ...routes,
      'GET /payroll/commission-rules/': { status: 200, data: page(history) },
      'POST /payroll/commission-rules/': { status: 201, data: rule({ id: 11, effective_from: '2026-12-01' }) },
    });
    renderWithRouter(<RulesPanel admin />);
    await userEvent.click(await screen.findByRole('button', { name: 'New commission rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New commission rule' });
    await pick(dialog, /^Applies to/, 'A treatment category');
    await pick(dialog, /^Treatment category/, 'Massages');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Value/ }));
    await userEvent.paste('12.5');
    const from = within(dialog).getByLabelText(/^In force from/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toEqual({
      role: 'therapist',
      applies_to: 'service',
      treatment: null,
      treatment_category: 3,
      membership: null,
      membership_category: null,
      kind: 'percent',
      basis: 'paid_price',
      value: '12.50',
      location: null,
      effective_from: '2026-12-01',
      notes: '',
    });
    expect(await screen.findByText(/^Rule added: .+, from 1 Dec 2026\.$/)).toBeInTheDocument();
  });

  it('says before sending that a requested-therapist bonus is fixed pesos', async () => {
    const calls = mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page([]) } });
    renderWithRouter(<RulesPanel admin />);
    expect(await screen.findByText(/No commission rules yet\. Add the first one/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New commission rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New commission rule' });
    await pick(dialog, /^For/, 'Requested-therapist bonus');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Value/ }), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('A requested-therapist bonus is a fixed peso amount.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lets Managers read the rules without changing them', async () => {
    mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page(history) } });
    renderWithRouter(<RulesPanel admin={false} />);
    const grid = await screen.findByRole('grid', { name: 'Commission rules' });
    expect(await within(grid).findByText('since 1 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New commission rule' })).not.toBeInTheDocument();
  });

  describe('with every style rule', () => {
    // These check colours or layout, not only what is hidden (the rest of the file needs no more).
    withEveryStyleRule();
    it('on a phone writes each rule whole in one wrapped cell: whom it pays, the target, the rate, the days', async () => {
      setViewportWidth(390);
      const both = [
        rule({ id: 1, role: 'therapist', target_label: 'Everything', value: '10.00', effective_to: null }),
        rule({
          id: 2,
          role: 'salesperson',
          target_label: 'Membership category: Wellness Memberships',
          value: '7.50',
          location: 1,
          location_name: 'Makati',
          effective_from: '2099-01-01',
          effective_to: null,
        }),
      ];
      mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page(both) } });
      renderWithRouter(<RulesPanel admin={false} />);
      const grid = await screen.findByRole('grid', { name: 'Commission rules' });
      await within(grid).findByText('Everything');
      // One column: the other columns' texts sit under the target, where a 390 px screen has room for them.
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Rule']);
      const cells = within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('gridcell')
            .map((c) => c.textContent),
        );
      expect(cells).toEqual([
        ['EverythingTherapists · 10% (voucher sessions at paid price)Every branch · since 1 Jan 2026Current'],
        ['Membership category: Wellness MembershipsSalespersons · 7.5%Makati · since 1 Jan 2099From 1 Jan 2099'],
      ]);
      // The rows grow with the wrapped lines instead of cutting them with "…".
      expect(within(grid).getByText('Everything').parentElement).toHaveStyle({ whiteSpace: 'normal' });
      expect(grid.querySelector('.MuiDataGrid-row--dynamicHeight')).not.toBeNull();
    });
  });

  it('on a phone gives Admins the rule and its Edit and Delete, nothing cut', async () => {
    setViewportWidth(390);
    mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page(history) } });
    renderWithRouter(<RulesPanel admin />);
    const grid = await screen.findByRole('grid', { name: 'Commission rules' });
    await within(grid).findByText('Therapists · 12% (voucher sessions at paid price)');
    expect(within(grid).getByText('Every branch · 1 Jan 2026 to 31 Oct 2026')).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Rate' })).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('button', { name: 'Edit Category: Massages' })).toHaveLength(2);
  });

  it('says, when a rule is edited, that approved runs get the difference as adjustments', async () => {
    mockApi({ ...routes, 'GET /payroll/commission-rules/': { status: 200, data: page(history) } });
    renderWithRouter(<RuleForm rule={history[1]!} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit commission rule' });
    expect(
      within(dialog).getByText(
        /what approved pay runs paid differently is paid as adjustments in each branch’s next run/,
      ),
    ).toBeInTheDocument();
  });
});
