import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { inWords, launchBrowser, manilaToday, myData, openPage, signIn } from './helpers';

// The default build: the demo database switches the reports flag on (docs/decisions/0610-feature-flags-in-settings.md).

/** "₱98,765.43" → 9876543 centavos (integers, so the comparison is exact). */
const centavos = (peso: string) => Number(peso.replace(/[^\d]/g, ''));

/** Salesperson name → net total, as the leaderboard table shows it. */
const readLeaderboard = async (page: Page, path: string) => {
  await page.goto(path);
  const table = page.getByRole('table', { name: 'Leaderboard' });
  await table.waitFor();
  const totals = new Map<string, number>();
  for (const row of await table.locator('tbody tr').all()) {
    const cells = await row.locator('td').allInnerTexts();
    // Rank, Salesperson, Net, Of target, Sales, Location (Net early: decision 0620).
    if (cells.length >= 5) totals.set(cells[1]!.trim(), centavos(cells[2]!));
  }
  return totals;
};

describe('reports', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('imports a day’s sales, submits the report, a manager approves it from the notification, and the leaderboard changes', async () => {
    const today = manilaToday();
    const [year, month] = today.split('-').map(Number);
    const leaderboardPath = `/admin/reports?tab=leaderboard&month=${month}&year=${year}&cutoff=0`;

    // The approver: a manager, signed in on another browser page; the report is for one of their locations.
    const approver = await openPage(browser);
    await signIn(approver.page, 'manager');
    const me = await myData(approver.page);
    // A location whose day is still open: an approved day takes no import (desk-sell.e2e.ts approves one).
    const approved = await approver.page.evaluate(
      async ({ ids, date }) => {
        const locked: number[] = [];
        for (const id of ids) {
          const body = (await (
            await fetch(`/api/reports/?location=${id}&date=${date}`, { credentials: 'include' })
          ).json()) as { results: { status: string }[] };
          if (body.results.some((r) => r.status === 'approved')) locked.push(id);
        }
        return locked;
      },
      { ids: me.locations.map((l) => l.id), date: today },
    );
    const location = me.locations.find((l) => !approved.includes(l.id));
    assert.ok(location, 'the demo manager works at a location whose day is open');

    const admin = await openPage(browser);
    const { page } = admin;
    await signIn(page, 'admin');
    const before = await readLeaderboard(page, leaderboardPath);

    await page.goto(`/admin/reports?tab=daily&date=${today}&location=${location.id}`);
    await page.getByRole('heading', { name: `${location.name}, ${inWords(today)}` }).waitFor();
    await page.getByRole('button', { name: 'Import sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import sales' });
    const line1 = dialog.getByRole('group', { name: 'Line 1' });
    await line1.getByRole('combobox', { name: 'Salesperson' }).click();
    const option = page.getByRole('option').first();
    const salesperson = (await option.innerText()).trim();
    await option.click();
    await line1.getByLabel('Amount').fill('98765.43');
    // The demo issues invoices (decision 1014): an imported sale names the other till's invoice.
    await line1.getByLabel('Invoice no. (other till)').fill('OR-000123');

    // A second line without an amount: the whole batch is refused and the line named.
    await dialog.getByRole('button', { name: 'Add line' }).click();
    await dialog.getByRole('group', { name: 'Line 2' }).getByRole('combobox', { name: 'Salesperson' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Import' }).click();
    const refusal = dialog.getByRole('alert', { name: 'Import refused' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Line 2, amount/);
    // Nothing was stored: the leaderboard is read later and must show exactly one line's amount added.
    await dialog.getByRole('button', { name: 'Remove line 2' }).click();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText('1 sales stored (₱98,765.43).').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Cash on hand' }).fill('98765.43');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Before the branch's closing time (or with bookings to come) the screen asks first (decision 0521).
    const closeEarly = page.getByRole('button', { name: 'Close the day' });
    await closeEarly.or(page.getByText('Submitted and waiting for approval.')).first().waitFor();
    if (await closeEarly.isVisible()) await closeEarly.click();
    await page.getByText('Submitted and waiting for approval.').waitFor();

    // The manager approves from the live notification.
    await approver.page.goto('/notifications');
    const notice = approver.page.getByLabel(`Unread: Daily report: ${location.name}, ${inWords(today)}`);
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Approve' }).click();
    await approver.page
      .getByLabel(`Daily report: ${location.name}, ${inWords(today)}`, { exact: false })
      .getByText('Approved')
      .waitFor();

    await page.reload();
    await page.getByText(/Approved: this day is locked/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Import sales' }).isDisabled(), true);

    const afterTotals = await readLeaderboard(page, leaderboardPath);
    assert.equal(
      afterTotals.get(salesperson),
      (before.get(salesperson) ?? 0) + 9_876_543,
      `${salesperson}'s total grows by the imported sale`,
    );

    // The drill-down from the leaderboard lists the sale.
    await page.getByRole('link', { name: `, sale lines of ${salesperson}` }).click();
    await page.getByRole('grid', { name: 'Sale lines' }).getByText('₱98,765.43').first().waitFor();

    assert.deepEqual(admin.errors, []);
    assert.deepEqual(approver.errors, []);
    await admin.context.close();
    await approver.context.close();
  });
});
