import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { adminApiHeaders, BASE_URL, inWords, launchBrowser, manilaToday, myData, openPage, signIn } from './helpers';

// The default build: the demo database switches every flag on (docs/decisions/0610-feature-flags-in-settings.md).

const peso = (centavos: number) =>
  new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }).format(centavos / 100);

/** Counts what a person clicks in a journey (the figure the report gives), then clicks. */
const clicker = () => {
  let count = 0;
  return {
    click: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    get count() {
      return count;
    },
  };
};

describe('the desk sells, the manager reports the day, the admin approves it', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('a salesperson finds a client, sells a voucher as themselves with the total shown before Sell, and gets the receipt', async () => {
    const desk = await openPage(browser);
    const { page } = desk;
    await signIn(page, 'salesperson');
    const me = await myData(page);
    const seller = (await page.evaluate(
      async (id) => (await fetch(`/api/salespersons/by-user/${id}/`, { credentials: 'include' })).json(),
      me.id,
    )) as { id: number; full_name: string; location: number; location_name: string };

    // A client of another branch: the sale is still recorded where the salesperson works.
    const national = `918${String(Date.now()).slice(-7)}`;
    const headers = await adminApiHeaders();
    const created = await fetch(`${BASE_URL}/api/clients/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        first_name: 'Rosa',
        last_name: `Receipt ${national.slice(-4)}`,
        phone: `0${national}`,
        location: seller.location,
      }),
    });
    const client = (await created.json()) as { id: number; full_name: string };
    assert.equal(created.status, 201);

    const ui = clicker();
    await page.getByLabel('Find a client').fill(`0${national}`);
    await ui.click(
      page.getByRole('list', { name: 'Clients found' }).getByRole('link', { name: new RegExp(client.full_name) }),
    );
    await page.getByRole('heading', { level: 1, name: client.full_name }).waitFor();
    await ui.click(page.getByRole('button', { name: 'Sell voucher' }));
    const dialog = page.getByRole('dialog');
    // Preselected: the salesperson is the signed-in one, at their own location.
    await dialog
      .getByRole('combobox', { name: /^Salesperson/ })
      .getByText(seller.full_name)
      .waitFor();
    assert.match(
      (await dialog.getByRole('combobox', { name: /^Location/ }).textContent()) ?? '',
      new RegExp(seller.location_name),
    );
    await ui.click(dialog.getByRole('combobox', { name: /^Treatment/ }));
    const option = page.getByRole('listbox').getByRole('option').first();
    const [treatment, price] = ((await option.textContent()) ?? '').split(' · ');
    await ui.click(option);
    await dialog.getByLabel(/^Sessions/).fill('2');
    const each = Number(price!.replace(/[^\d]/g, ''));
    await dialog
      .getByRole('status', { name: 'Total' })
      .getByText(`Total ${peso(each * 2)}`)
      .waitFor();
    await ui.click(dialog.getByRole('button', { name: 'Sell' }));

    // The INVOICE replaces the receipt (decision 1014): what was sold above it, the total, the day.
    await page
      .getByRole('dialog')
      .getByText(new RegExp(`^${treatment} voucher V-\\d+: 2 sessions, 2 left`))
      .waitFor();
    const receipt = page.getByRole('dialog').getByRole('document', { name: /^INVOICE / });
    await receipt
      .getByText(peso(each * 2))
      .first()
      .waitFor();
    await receipt.getByText(new RegExp(inWords(manilaToday()))).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Print' }).isVisible(), true);
    console.log(`sale journey: ${ui.count} clicks (find the client, Sell voucher, treatment, Sell)`);
    assert.deepEqual(desk.errors, []);
  });

  it("a manager counts the cash and submits today's report from the dashboard, and the admin approves it from the notification's Open", async () => {
    const today = manilaToday();
    const manager = await openPage(browser);
    await signIn(manager.page, 'manager');
    const mine = await myData(manager.page);
    // Approving locks the day: a branch of the manager's where the demo receptionist does not work,
    // so the desk journeys (desk.e2e.ts, at the receptionist's branch) still log today's arrivals.
    const frontDesk = await openPage(browser);
    await signIn(frontDesk.page, 'receptionist');
    const desk = await myData(frontDesk.page);
    await frontDesk.context.close();
    const location = mine.locations.find((l) => !desk.locations.some((d) => d.id === l.id));
    assert.ok(location, "the demo manager works at a branch besides the receptionist's");

    const ui = clicker();
    const tile = manager.page.getByRole('list', { name: "Today's report by location" });
    await ui.click(
      tile.getByRole('link', { name: new RegExp(`^(Count cash and submit|Correct and submit): ${location.name}$`) }),
    );
    await manager.page.waitForURL(`**/reports/daily/${location.id}/${today}`);
    await manager.page.getByRole('textbox', { name: 'Cash on hand' }).fill('1,250');
    await ui.click(manager.page.getByRole('button', { name: 'Submit' }));
    // Before the branch's closing time (or with bookings to come) the screen asks first (decision 0521).
    const closeEarly = manager.page.getByRole('button', { name: 'Close the day' });
    await closeEarly.or(manager.page.getByText('Submitted and waiting for approval.')).first().waitFor();
    if (await closeEarly.isVisible()) await ui.click(closeEarly);
    await manager.page.getByText('Submitted and waiting for approval.').waitFor();
    const managerClicks = ui.count;

    const admin = await openPage(browser);
    await signIn(admin.page, 'admin');
    const approver = clicker();
    await approver.click(admin.page.getByRole('link', { name: /^Notifications/ }).first());
    const notice = admin.page.getByLabel(`Unread: Daily report: ${location.name}, ${inWords(today)}`);
    await notice.waitFor();
    await notice.getByText(/cash on hand ₱1,250\.00/).waitFor();
    await approver.click(notice.getByRole('link', { name: 'Open' }));
    await admin.page.waitForURL(`**/reports/daily/${location.id}/${today}`);
    await approver.click(admin.page.getByRole('button', { name: 'Approve' }));
    // Approving locks the day, so it asks first and names the day's takings.
    const confirm = admin.page.getByRole('dialog', { name: 'Approve and lock the day?' });
    await confirm.getByText(/net takings ₱[\d,.]+ from \d+ sales?; cash on hand ₱1,250\.00/).waitFor();
    await approver.click(confirm.getByRole('button', { name: 'Approve' }));
    await admin.page.getByText(/Approved: this day is locked/).waitFor();
    console.log(
      `report journey: manager ${managerClicks} clicks (tile, Submit, Close the day when early), admin ${approver.count} clicks (Notifications, Open, Approve, Approve in the dialog)`,
    );
    assert.deepEqual(manager.errors, []);
    assert.deepEqual(admin.errors, []);
  });
});
