import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { theme } from '../../../config/theme';
import { DailyReportPanel } from './daily-report-panel';
import { linesHref } from './reports-screen';
import { aLocationDay } from '../../../test/fixtures';
import { dailySales, locationsPage, report, reportPage } from './reports-fixtures';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const setup = (location: number | null = 1) => {
  const onChange = vi.fn();
  renderWithRouter(
    <DailyReportPanel
      date="2026-11-20"
      location={location}
      onChange={onChange}
      linesHref={(l, extra) => linesHref('2026-11-20', l, extra)}
    />,
    {
      path: '/admin/reports',
    },
  );
  return { onChange };
};

describe('daily report panel', () => {
  describe('with every style rule', () => {
    // These check colours or layout, not only what is hidden (the rest of the file needs no more).
    withEveryStyleRule();
    it('shows the location’s totals by payment method, bank and salesperson, the variance, and links each figure to its lines', async () => {
      mockApi({
        'GET /locations/': { status: 200, data: locationsPage },
        'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
        'GET /reports/': { status: 200, data: reportPage('draft') },
      });
      setup();
      expect(await screen.findByRole('heading', { name: 'Makati, 20 Nov 2026' })).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Net sales' })).getByText('₱4,500.00')).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Cash on hand' })).getByText('₱2,950.00')).toBeInTheDocument();
      // In words, not by a minus sign, and red: money is missing from the till (decision 0506).
      expect(within(screen.getByRole('group', { name: 'Variance' })).getByText('₱50.00 short')).toHaveStyle({
        color: theme.palette.error.main,
      });
      // The service charge is collected on top of the net, and the cash counted is held to the cash expected (decision 0505).
      expect(
        within(screen.getByRole('group', { name: 'Service charge (on top)' })).getByText('₱75.00'),
      ).toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'Cash expected' })).getByText('₱3,000.00')).toBeInTheDocument();
      const byMethod = screen.getByRole('table', { name: 'By payment method' });
      expect(
        within(byMethod)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Payment method', 'Sales', 'Net', 'Service charge']);
      const card = within(byMethod).getByRole('link', { name: 'Card' }).closest('tr')!;
      expect(
        within(card)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['Card', '1', '₱1,500.00', '₱75.00']);
      expect(within(byMethod).getByRole('link', { name: 'Card' })).toHaveAttribute(
        'href',
        '/admin/reports?tab=lines&date=2026-11-20&location=1&payment_method=card',
      );
      expect(
        within(screen.getByRole('table', { name: 'By bank' })).getByRole('link', { name: 'BDO Unibank' }),
      ).toHaveAttribute('href', expect.stringContaining('bank=4'));
      expect(
        within(screen.getByRole('table', { name: 'By salesperson' })).getByRole('link', { name: 'Ana Reyes' }),
      ).toHaveAttribute('href', expect.stringContaining('salesperson=11'));
      // At 390 px a long name breaks onto two lines so the totals beside it stay in view; figures never break.
      const seller = within(screen.getByRole('table', { name: 'By salesperson' }));
      expect(getComputedStyle(seller.getByRole('link', { name: 'Ana Reyes' }).closest('td')!).whiteSpace).toBe(
        'normal',
      );
      expect(getComputedStyle(seller.getAllByRole('cell').at(-1)!).whiteSpace).toBe('nowrap');
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/reports/get-daily-sales-report/?date=2026-11-20&location=1&format=csv',
      );
      expect(screen.queryByText(/is a sale under each/)).not.toBeInTheDocument();
    });
  });

  it('says a visit paid two ways is a sale under each method when the methods’ counts add up to more than the day’s (decision 0508)', async () => {
    const [makati, ...rest] = dailySales.locations;
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      // One sale, ₱500 deposit by card and ₱850 at the desk in cash.
      'GET /reports/get-daily-sales-report/': {
        status: 200,
        data: {
          ...dailySales,
          locations: [
            {
              ...makati!,
              count: 1,
              by_payment_method: [
                { key: 'card', name: 'Card', total: '500.00', service_charge: '0.00', count: 1 },
                { key: 'cash', name: 'Cash', total: '850.00', service_charge: '0.00', count: 1 },
              ],
            },
            ...rest,
          ],
        },
      },
      'GET /reports/': { status: 200, data: reportPage('draft') },
    });
    setup();
    expect(
      await screen.findByText(
        'A visit paid partly by its deposit and partly at the desk by another method is a sale under each.',
      ),
    ).toBeInTheDocument();
  });

  it('says a location the viewer does not work at is not theirs, instead of a blank day with Submit and Import', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage(null) },
    });
    setup(99);
    expect(await screen.findByRole('heading', { name: 'Not one of your locations' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Cash on hand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import sales' })).toBeDisabled();
    expect(calls.filter((c) => c.url === '/reports/')).toHaveLength(0);
    // Its CSV would be refused (403): the link downloads the viewer's own locations' day instead.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/get-daily-sales-report/?date=2026-11-20&format=csv',
    );
  });

  it('starts the report with the cash count and submits it', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage(null) },
      'POST /reports/': { status: 201, data: report('draft') },
      'POST /reports/7/submit/': { status: 200, data: report('submitted') },
    });
    setup();
    const cash = await screen.findByRole('textbox', { name: 'Cash on hand' });
    await userEvent.click(cash);
    await userEvent.paste('2950.00');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Report submitted for approval.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/reports/', '/reports/7/submit/']);
    expect(JSON.parse(String(posts[0]?.data))).toEqual({
      location: 1,
      date: '2026-11-20',
      cash_on_hand: '2950.00',
      remarks: '',
    });
  });

  it('asks before closing today early, listing what is still open, then submits with close_early', async () => {
    const open = ['It is 13:02; Makati is open until 21:00.', '1 booking is still to come: Ana Cruz at 16:00.'];
    // The save changes the draft's version: read again, the form starts afresh, and the question stays.
    let reads = 0;
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': () => ({
        status: 200,
        data: reportPage('draft', { updated_at: reads++ === 0 ? '2026-11-20T05:00:00Z' : '2026-11-20T05:02:00Z' }),
      }),
      'PATCH /reports/7/': { status: 200, data: report('draft') },
      'POST /reports/7/submit/': (request) =>
        request.data && (JSON.parse(String(request.data)) as { close_early?: boolean }).close_early
          ? { status: 200, data: report('submitted') }
          : { status: 409, data: { message: 'The day is still open.', errors: { close_early: open } } },
    });
    setup();
    const cash = await screen.findByRole('textbox', { name: 'Cash on hand' });
    await userEvent.clear(cash);
    await userEvent.click(cash);
    await userEvent.paste('2950.00');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the day early?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(open);
    // Nothing was submitted yet: the first try was refused, and no success was said.
    expect(screen.queryByText('Report submitted for approval.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('Report submitted for approval.')).toBeInTheDocument();
    const submits = calls.filter((c) => c.url === '/reports/7/submit/');
    expect(submits.map((c) => (c.data ? JSON.parse(String(c.data)) : c.data))).toEqual([
      undefined,
      { close_early: true },
    ]);
  });

  it('counts the cash by note and coin: the count is sent, and the screen shows its total', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('draft') },
      'PATCH /reports/7/': { status: 200, data: report('draft') },
    });
    setup();
    await userEvent.click(await screen.findByRole('switch', { name: 'Count by note and coin' }));
    const notes = screen.getByRole('group', { name: 'Notes and coins' });
    await userEvent.type(within(notes).getByRole('textbox', { name: '₱1,000' }), '2');
    await userEvent.type(within(notes).getByRole('textbox', { name: '₱500' }), '1');
    await userEvent.type(within(notes).getByRole('textbox', { name: '₱5 coin' }), '3');
    await userEvent.click(within(notes).getByRole('textbox', { name: 'Centavos (amount)' }));
    await userEvent.paste('0.75');
    expect(within(screen.getByRole('group', { name: 'Counted' })).getByText('₱2,515.75')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Cash on hand' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report saved.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch?.data))).toEqual({
      // The server computes cash on hand from the count (decision 0523).
      cash_on_hand: null,
      cash_count: {
        bill_1000: 2,
        bill_500: 1,
        bill_200: 0,
        bill_100: 0,
        bill_50: 0,
        bill_20: 0,
        coin_20: 0,
        coin_10: 0,
        coin_5: 3,
        coin_1: 0,
        centavos: '0.75',
      },
      remarks: '',
    });
  });

  it('shows the deposits received and applied that day, apart from the sales', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('draft') },
    });
    setup();
    expect(
      within(await screen.findByRole('group', { name: 'Deposits received' })).getByText('₱500.00'),
    ).toBeInTheDocument();
    const received = screen.getByRole('table', { name: 'Deposits received' });
    expect(
      within(received)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ana Cruz', 'GCash/Maya · GC-0042', '₱500.00']);
    expect(
      within(screen.getByRole('table', { name: 'Deposits applied' })).getByText('No deposits applied this day.'),
    ).toBeInTheDocument();
  });

  it('reopens a submitted day after asking', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('submitted') },
      'POST /reports/7/reopen/': { status: 200, data: report('returned') },
    });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen the day' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen the day?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Day reopened.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/reports/7/reopen/']);
  });

  it('offers no cash count, Submit or Import for a day that has not come', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: { ...dailySales, date: '2999-01-01' } },
      'GET /reports/': { status: 200, data: reportPage(null) },
    });
    renderWithRouter(<DailyReportPanel date="2999-01-01" location={1} onChange={vi.fn()} />, { path: '/reports' });
    expect(await screen.findByText(/This day has not come yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Cash on hand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import sales' })).toBeDisabled();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('offers a Manager no Import for a day before the current cutoff, saying who imports it', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: { ...dailySales, date: '2001-01-02' } },
      'GET /reports/': { status: 200, data: reportPage(null) },
    });
    renderWithRouter(<DailyReportPanel date="2001-01-02" location={1} onChange={vi.fn()} backdates={false} />, {
      path: '/reports',
    });
    expect(await screen.findByText(/are imported by an administrator\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import sales' })).toBeDisabled();
    // The cash count of that day stays open: only the sales' dating is the Admins'.
    expect(await screen.findByRole('textbox', { name: 'Cash on hand' })).toBeInTheDocument();
  });

  it('asks for the cash count before a Submit, sending nothing, so the message is not lost with a new draft', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage(null) },
      'POST /reports/': { status: 201, data: report('draft') },
    });
    setup();
    await screen.findByRole('textbox', { name: 'Cash on hand' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter the cash on hand before submitting.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cash on hand' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s sentence under cash on hand when it refuses the amount', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('draft') },
      'PATCH /reports/7/': {
        status: 400,
        data: {
          message: 'Check the highlighted fields.',
          errors: { cash_on_hand: ['The cash counted is over the day’s sales limit.'] },
        },
      },
    });
    setup();
    const cash = await screen.findByRole('textbox', { name: 'Cash on hand' });
    await userEvent.clear(cash);
    await userEvent.type(cash, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The cash counted is over the day’s sales limit.')).toBeInTheDocument();
    // Checked before sending too, with the contract's sentence: three decimals never reach the server.
    await userEvent.click(cash);
    await userEvent.paste('.005');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/decimal/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('approves a submitted report after saying the day, its takings and that the day is then locked', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('submitted') },
      'POST /reports/7/approve/': { status: 200, data: report('approved') },
    });
    setup();
    expect(await screen.findByText('Submitted and waiting for approval.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cash on hand' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve and lock the day?' });
    expect(within(dialog).getByText(/^Makati, 20 Nov 2026: net takings/)).toHaveTextContent(
      /^Makati, 20 Nov 2026: net takings ₱4,500\.00 from 3 sales; cash on hand ₱2,950\.00 \(₱50\.00 short\)\.$/,
    );
    expect(
      within(dialog).getByText(/the day is locked: no sale or arrival can be added, changed or deleted/),
    ).toBeInTheDocument();
    // Cancel sends nothing; nothing is approved on the first click.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve and lock the day?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Report approved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/reports/7/approve/']);
  });

  it('shows a refused approval in its dialog (someone approved it meanwhile)', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('submitted') },
      'POST /reports/7/approve/': {
        status: 409,
        data: { message: 'Only a submitted report can be approved; this one is approved.' },
      },
    });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and lock the day?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/this one is approved/)).toBeInTheDocument();
  });

  it('returns a submitted report with the reason typed', async () => {
    const calls = mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('submitted') },
      'POST /reports/7/return/': { status: 200, data: report('returned', { return_reason: 'Cash short by 50.' }) },
    });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: 'Return the report' });
    // The reason's rules are the ReturnDialog's (return-dialog.test.tsx); here, what it sends.
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Cash short by 50.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText('Report returned.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.filter((c) => c.url === '/reports/7/return/').at(-1)?.data))).toEqual({
      reason: 'Cash short by 50.',
    });
  });

  it('shows a returned report’s reason and an approved day as locked', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('approved') },
    });
    setup();
    expect(await screen.findByText(/Approved: this day is locked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import sales' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('lists every location when none is chosen, and picks one', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
    });
    const { onChange } = setup(null);
    const table = await screen.findByRole('table', { name: 'Sales on 2026-11-20 by location' });
    expect(within(table).getByText('Not started')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Cebu' }));
    expect(onChange).toHaveBeenCalledWith({ location: 2 });
  });

  it('says each till count’s variance in words: short, over or balanced (decision 0506)', async () => {
    const counted = (location: number, name: string, variance: string | null) =>
      aLocationDay(location, name, { status: 'submitted', cash_on_hand: variance && '1000.00', variance });
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': {
        status: 200,
        data: {
          date: '2026-11-20',
          locations: [
            counted(1, 'Makati', '-50.00'),
            counted(2, 'Cebu', '140.00'),
            counted(3, 'BGC', '0.00'),
            counted(4, 'Ortigas', null),
          ],
        },
      },
    });
    setup(null);
    const table = await screen.findByRole('table', { name: 'Sales on 2026-11-20 by location' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell').at(-1)?.textContent),
    ).toEqual(['₱50.00 short', '₱140.00 over', 'Balanced', '—']);
  });

  describe('with every style rule', () => {
    // These check colours or layout, not only what is hidden (the rest of the file needs no more).
    withEveryStyleRule();
    it('colours a count that is over amber and a balanced one green, beside the words', async () => {
      for (const [variance, words, color] of [
        ['140.00', '₱140.00 over', theme.palette.warning.main],
        ['0.00', 'Balanced', theme.palette.success.main],
      ] as const) {
        mockApi({
          'GET /locations/': { status: 200, data: locationsPage },
          'GET /reports/get-daily-sales-report/': {
            status: 200,
            data: { ...dailySales, locations: [{ ...dailySales.locations[0]!, variance }] },
          },
          'GET /reports/': { status: 200, data: reportPage('submitted', { variance }) },
        });
        const { unmount } = renderWithRouter(
          <DailyReportPanel date="2026-11-20" location={1} onChange={vi.fn()} linesHref={undefined} />,
          { path: '/admin/reports' },
        );
        const figure = await screen.findByRole('group', { name: 'Variance' });
        expect(within(figure).getByText(words)).toHaveStyle({ color });
        unmount();
      }
    });
  });

  it('says when the report cannot be loaded and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/get-daily-sales-report/': () =>
        fail
          ? { status: 403, data: { message: 'You do not have permission to perform this action.' } }
          : { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('draft') },
    });
    setup();
    expect(await screen.findByText('The daily report could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to perform this action.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Makati, 20 Nov 2026' })).toBeInTheDocument());
  });
});
