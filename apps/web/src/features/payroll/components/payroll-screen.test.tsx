import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { periodContaining, todayInManila } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { PayrollScreen } from './payroll-screen';
import { anaLines, page, payRun, runDetail } from './payroll-fixtures';

const MAKATI = [{ id: 1, name: 'Makati' }];
const statementHref = (run: number, employee: number) => `/payroll/runs/${run}/statement/${employee}`;

const setup = (path: string, admin = true) =>
  renderWithRouter(<PayrollScreen admin={admin} locations={MAKATI} statementHref={statementHref} />, { path });

const body = (data: unknown) => JSON.parse(String(data)) as unknown;

describe('pay runs screen', () => {
  afterEach(() => setViewportWidth(1280));

  it('lists the runs by branch and cutoff with their status and total, and opens one', async () => {
    const calls = mockApi({ 'GET /payroll/runs/': { status: 200, data: page([payRun('submitted')]) } });
    const { router } = setup('/admin/payroll');
    const grid = await screen.findByRole('grid', { name: 'Pay runs' });
    const open = await within(grid).findByRole('link', { name: '1st–15th November 2026' });
    expect(within(grid).getByText('Makati')).toBeInTheDocument();
    expect(within(grid).getByText('Submitted')).toBeInTheDocument();
    expect(within(grid).getByText('₱1,850.00')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/payroll/runs/?ordering=-year%2C-month%2C-cutoff%2Cid&page=1&pageSize=25');
    await userEvent.click(open);
    expect(router.state.location.search).toBe('?run=5');
  });

  it('on a phone names each run’s branch under its cutoff, the Branch column being hidden', async () => {
    setViewportWidth(390);
    mockApi({
      'GET /payroll/runs/': {
        status: 200,
        data: page([payRun('draft', 5), { ...payRun('draft', 6), location: 2, location_name: 'Ortigas' }]),
      },
    });
    setup('/admin/payroll');
    const grid = await screen.findByRole('grid', { name: 'Pay runs' });
    await within(grid).findByText('Ortigas');
    const rows = within(grid).getAllByRole('row');
    const cutoffs = rows.slice(1).map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);
    expect(cutoffs).toEqual(['1st–15th November 2026Makati', '1st–15th November 2026Ortigas']);
    expect(within(grid).queryByRole('columnheader', { name: 'Branch' })).not.toBeInTheDocument();
    // Two columns, the status under the total: a Status column between them cut the cutoff short.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cutoff', 'Total']);
    expect(within(rows[1]!).getAllByRole('gridcell')[1]!.textContent).toBe('₱1,850.00Draft');
  });

  it('says what to do when there is no run yet', async () => {
    mockApi({ 'GET /payroll/runs/': { status: 200, data: page([]) } });
    setup('/payroll', false);
    expect(await screen.findByText('No pay runs yet. Compute the first one with New pay run.')).toBeInTheDocument();
  });

  it('computes a draft for the branch and the current cutoff, then opens it', async () => {
    const calls = mockApi({
      'GET /payroll/runs/': { status: 200, data: page([]) },
      'POST /payroll/runs/': { status: 201, data: runDetail('draft') },
      'GET /payroll/runs/5/': { status: 200, data: runDetail('draft') },
    });
    const { router } = setup('/payroll', false);
    await userEvent.click(await screen.findByRole('button', { name: 'New pay run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compute a pay run' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Compute draft' }));
    const { year, month, cutoff } = periodContaining(todayInManila());
    await waitFor(() => expect(router.state.location.search).toBe('?run=5'));
    expect(body(calls.find((c) => c.method === 'POST')?.data)).toEqual({ location: 1, year, month, cutoff });
    expect(await screen.findByText('Draft computed: Makati, 1st–15th November 2026, ₱1,850.00.')).toBeInTheDocument();
  });

  it('shows a run’s employees with their totals and submits a draft', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('draft') },
      'POST /payroll/runs/5/submit/': { status: 200, data: runDetail('submitted') },
    });
    setup('/payroll?run=5', false);
    const table = await screen.findByRole('table', { name: 'Earnings by employee, Makati, 1st–15th November 2026' });
    // The totals row has a cell under every column, so it runs the table's width.
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '₱1,850.00', ...Array<string>(6).fill('')]);
    expect(within(table).getByRole('link', { name: 'Ana Reyes' })).toHaveAttribute(
      'href',
      '/payroll?run=5&employee=21',
    );
    expect(within(table).getByText('₱1,200.00')).toBeInTheDocument();
    expect(within(table).getByText('-₱150.00')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Statement' })[1]).toHaveAttribute(
      'href',
      '/payroll/runs/5/statement/11',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/payroll/runs/5/lines/?pageSize=500&format=csv',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByText('Pay run submitted for approval.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/payroll/runs/5/submit/')).toBe(true);
  });

  it('lets an Admin return a submitted run with a reason', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('submitted') },
      'POST /payroll/runs/5/return/': { status: 200, data: runDetail('returned') },
    });
    setup('/admin/payroll?run=5');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the pay run' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Tandem on 3 Nov missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText('Pay run returned.')).toBeInTheDocument();
    expect(body(calls.find((c) => c.url === '/payroll/runs/5/return/')?.data)).toEqual({
      reason: 'Tandem on 3 Nov missing',
    });
  });

  it('lists an employee’s lines, each linked to its client or to the run it corrects', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('approved') },
      'GET /payroll/runs/5/lines/': { status: 200, data: page(anaLines) },
    });
    setup('/admin/payroll?run=5&employee=21');
    const grid = await screen.findByRole('grid', { name: 'Lines of Ana Reyes' });
    expect(await within(grid).findByRole('link', { name: 'Hot Stone Massage for Carla Santos' })).toHaveAttribute(
      'href',
      '/clients/41',
    );
    expect(within(grid).getByText('₱1,350.00 per service · shared by 2')).toBeInTheDocument();
    expect(within(grid).getByText(/Corrects service #288/)).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'run #4' })).toHaveAttribute(
      'href',
      '/admin/payroll?run=4&employee=21',
    );
    expect(within(grid).getByText('-₱150.00')).toBeInTheDocument();
    expect(
      calls.some((c) => c.url === '/payroll/runs/5/lines/?employee=21&ordering=date%2Cid&page=1&pageSize=25'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Export their lines' })).toHaveAttribute(
      'href',
      '/api/payroll/runs/5/lines/?employee=21&pageSize=500&format=csv',
    );
    // Approved: locked, nothing to submit or decide.
    expect(screen.queryByRole('button', { name: /Submit|Approve|Compute again/ })).not.toBeInTheDocument();
  });

  it('shows why a run could not be loaded, with Try again', async () => {
    mockApi({ 'GET /payroll/runs/5/': { status: 404, data: { message: 'No such pay run.' } } });
    setup('/payroll?run=5', false);
    expect(await screen.findByText('The pay run could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No such pay run.')).toBeInTheDocument();
  });

  it('offers the Admin who submitted a run Return only, and says who approves it', async () => {
    mockApi({ 'GET /payroll/runs/5/': { status: 200, data: { ...runDetail('submitted'), may_approve: false } } });
    setup('/admin/payroll?run=5');
    expect(await screen.findByText('You submitted this run; another administrator approves it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says a running cutoff’s later earnings come as adjustments, and asks before submitting and approving', async () => {
    const running = { cutoff_running: true };
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: { ...runDetail('draft'), ...running } },
      'POST /payroll/runs/5/submit/': { status: 200, data: { ...runDetail('submitted'), ...running } },
    });
    setup('/admin/payroll?run=5');
    const note =
      'This cutoff runs until 15 Nov: what is earned after approval is paid as an adjustment in the next run.';
    expect(await screen.findByText(note)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the pay run for approval?' });
    expect(within(dialog).getByText(`Makati, 1st–15th November 2026. ${note}`)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Pay run submitted for approval.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/payroll/runs/5/submit/']);
  });

  it('asks before approving, saying the period, branch, total and that approved lines are final', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: runDetail('submitted') },
      'POST /payroll/runs/5/approve/': { status: 200, data: runDetail('approved') },
    });
    setup('/admin/payroll?run=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve and lock the pay run?' });
    expect(
      within(dialog).getByText('Makati, 1st–15th November 2026: ₱1,850.00 to pay to 2 people.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Approved lines are final/)).toHaveTextContent(
      /paid as an adjustment in the branch's next run\.$/,
    );
    // The cutoff has ended: no running-cutoff warning.
    expect(within(dialog).queryByText(/This cutoff runs until/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve and lock the pay run?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Pay run approved and locked.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/payroll/runs/5/approve/']);
  });

  it('asks once before approving a run of a running cutoff, with the running-cutoff warning', async () => {
    const calls = mockApi({
      'GET /payroll/runs/5/': { status: 200, data: { ...runDetail('submitted'), cutoff_running: true } },
      'POST /payroll/runs/5/approve/': { status: 200, data: runDetail('approved') },
    });
    setup('/admin/payroll?run=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and lock the pay run?' });
    expect(within(dialog).getByText(/This cutoff runs until 15 Nov/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Approved lines are final/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Pay run approved and locked.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/payroll/runs/5/approve/']);
  });

  it('says an employee the run does not pay is not in it, instead of showing the whole run', async () => {
    mockApi({ 'GET /payroll/runs/5/': { status: 200, data: runDetail('approved') } });
    setup('/admin/payroll?run=5&employee=999');
    expect(await screen.findByText('No such employee in this pay run')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All employees of this run' })).toHaveAttribute(
      'href',
      '/admin/payroll?run=5',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Export/ })).not.toBeInTheDocument();
  });
});
