import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { StatementScreen } from './statement-screen';
import { anaLines, page, runDetail } from './payroll-fixtures';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const open = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/payroll/runs/:runId/statement/:employeeId',
        element: <StatementScreen runHref={(run, employee) => `/payroll?run=${run}&employee=${employee}`} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider swr={testSwr}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
};

// This file checks colours and layout, not only what is hidden.
withEveryStyleRule();

describe('earnings statement', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the employee’s totals and every line in pesos, and prints', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('approved') },
      'GET /payroll/runs/5/lines/': { status: 200, data: page(anaLines) },
      'GET /configurations/settings/': {
        status: 200,
        data: { company_name: 'Ginhawa Spa', logoUrl: null, features: {} },
      },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    open('/payroll/runs/5/statement/21');
    const sheet = await screen.findByRole('article', { name: 'Earnings statement of Ana Reyes' });
    expect(within(sheet).getByText('Ginhawa Spa')).toBeInTheDocument();
    expect(within(sheet).getByText('1 Nov 2026 to 15 Nov 2026')).toBeInTheDocument();
    // Headings in order under the page's h1 (axe heading-order): the statement's h2, the person's h3.
    expect(
      within(sheet)
        .getAllByRole('heading')
        .map((h) => [h.tagName, h.textContent]),
    ).toEqual([
      ['H2', 'Earnings statement'],
      ['H3', 'Ana Reyes'],
    ]);
    const totals = within(sheet).getByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('₱1,350.00')).toBeInTheDocument();
    expect(within(totals).getByText('-₱150.00')).toBeInTheDocument();
    expect(within(totals).getByText('₱1,200.00')).toBeInTheDocument();
    const lines = within(sheet).getByRole('table', { name: 'Statement lines' });
    expect(within(lines).getAllByRole('row')).toHaveLength(5);
    // The card clips overflow: on a phone the lines scroll sideways inside it, amounts and all.
    expect(within(sheet).getByRole('region', { name: 'Statement lines, scrollable' })).toContainElement(lines);
    expect(within(lines).getByText('Service: Hot Stone Massage for Carla Santos')).toBeInTheDocument();
    expect(within(lines).getByText('₱1,350.00 per service · shared by 2')).toBeInTheDocument();
    // The total sits under Amount whether or not Base shows: its label spans date, what and rule only,
    // and the base column's spacer hides with Base (a phone), instead of the total becoming a sixth column.
    const totalCells = within(lines).getAllByRole('row').at(-1)!.children;
    expect(Array.from(totalCells).map((c) => [c.textContent, (c as HTMLTableCellElement).colSpan])).toEqual([
      ['Total earned', 3],
      ['', 1],
      ['₱1,200.00', 1],
    ]);
    const base = within(lines).getByRole('columnheader', { name: 'Base' });
    expect(getComputedStyle(totalCells[1]!).display).toBe(getComputedStyle(base).display);
    // Approved: no "may still change" note.
    expect(within(sheet).queryByRole('note')).not.toBeInTheDocument();
    expect(
      calls.some((c) => c.url === '/payroll/runs/5/lines/?employee=21&ordering=date%2Cid&page=1&pageSize=500'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Pay run' })).toHaveAttribute('href', '/payroll?run=5&employee=21');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says a draft’s figures may still change', async () => {
    mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('draft') },
      'GET /payroll/runs/5/lines/': { status: 200, data: page(anaLines) },
    });
    open('/payroll/runs/5/statement/21');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Draft, not approved yet: these figures may still change.',
    );
  });

  it('says so when the person has no lines in the run, and keeps Print off', async () => {
    mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('approved') },
      'GET /payroll/runs/5/lines/': { status: 200, data: page([]) },
    });
    open('/payroll/runs/5/statement/99');
    expect(await screen.findByText('This person has no lines in this pay run')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
