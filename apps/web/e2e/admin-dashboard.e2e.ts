import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, manilaToday, openPage, signIn } from './helpers';

// The default build: the demo database switches the adminDashboard flag on (docs/decisions/0610-feature-flags-in-settings.md).

type Figure = { count: number; sessions_remaining: number; amount: string };
type Liability = {
  as_of: string;
  locations: { location_name: string; total: string }[];
  vouchers: Figure;
  memberships: Figure;
  total: string;
};
type ArrivalsData = { by_weekday_hour: { weekday: number; hour: number; count: number }[] };

/** "₱98,765.43" or "98765.43" → 9876543 centavos (integers, so the comparison is exact). */
const centavos = (peso: string) => Number(peso.replace(/[^\d]/g, ''));

describe('admin dashboard', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('an admin sees the month’s figures as tables beside the charts, matching the API, and downloads the liability CSV', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    // The screen opens on this month in Manila.
    const [year, month] = manilaToday().split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const pad = (n: number) => String(n).padStart(2, '0');
    const api = async <T>(path: string) =>
      page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path) as Promise<T>;

    // Sales by location and day: the chart and the table of the reports' own panel.
    const sales = page.getByRole('region', { name: 'Sales by location and day' });
    await sales.getByRole('table', { name: 'Sales by location' }).waitFor();
    assert.ok((await sales.getByRole('table', { name: 'Sales by location' }).locator('tbody tr').count()) >= 1);

    // Arrivals by weekday × hour: the grid's cells add up to the API's (demo arrivals span the last 90 days).
    const arrivals = await api<ArrivalsData>(
      `/api/clients/arrivals/data/?date_from=${year}-${pad(month)}-01&date_to=${year}-${pad(month)}-${pad(last)}`,
    );
    const expected = arrivals.by_weekday_hour.reduce((n, c) => n + c.count, 0);
    if (expected > 0) {
      const grid = page.getByRole('table', { name: /^Arrivals by weekday and hour, / });
      await grid.waitFor();
      const cells = await grid.locator('tbody td').allInnerTexts();
      assert.equal(
        cells.reduce((n, text) => n + Number(text), 0),
        expected,
      );
    } else
      await page
        .getByText(/^No arrivals in /)
        .first()
        .waitFor();

    // Liability: the totals line shows the server's figure to the centavo.
    const owed = await api<Liability>('/api/reports/liability/');
    assert.ok(centavos(owed.total) > 0, 'the demo clients hold vouchers and memberships with sessions left');
    const table = page.getByRole('table', { name: 'Liability by location' });
    await table.waitFor();
    const totals = await table.locator('tbody tr').last().locator('td').allInnerTexts();
    assert.equal(totals[0], 'All locations');
    assert.equal(centavos(totals.at(-1)!), centavos(owed.total));

    // The CSV beside it downloads the same figures.
    const liability = page.getByRole('region', { name: 'Membership and voucher liability' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      liability.getByRole('link', { name: 'CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^liability-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      'location,vouchers,voucher_sessions_remaining,voucher_amount,memberships,membership_sessions_remaining,membership_amount,deposits,deposit_amount,total,as_of',
    );
    // A row per location and no totals row: the `total` column sums to the business's figure once (decision 0505).
    assert.equal(lines.length, owed.locations.length + 1);
    assert.equal(
      lines.slice(1).reduce((sum, line) => sum + centavos(line.split(',')[9]!), 0),
      centavos(owed.total),
    );

    assert.deepEqual(errors, []);
  });
});
