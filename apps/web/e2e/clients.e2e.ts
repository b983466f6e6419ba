import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, adminApiHeaders, choose, launchBrowser, openPage, signIn } from './helpers';

/** Signs in as admin over HTTP and adds a client at the demo therapist's location (Makati Salcedo), with a phone no one else has. */
const createClient = async (national: string) => {
  const headers = await adminApiHeaders();
  const therapists = (await (await fetch(`${BASE_URL}/api/therapists/?pageSize=500`, { headers })).json()) as {
    results: { username: string | null; location: number; full_name: string }[];
  };
  const therapist = therapists.results.find((t) => t.username === 'therapist')!;
  const res = await fetch(`${BASE_URL}/api/clients/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      first_name: 'Marisol',
      last_name: `Journey ${national.slice(-4)}`,
      phone: `0${national}`,
      location: therapist.location,
    }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  const client = JSON.parse(text) as { id: number; full_name: string };
  return { client, therapistName: therapist.full_name };
};

describe('clients at the front desk', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('finds a client by phone, sells a voucher, logs an arrival that redeems it, and the therapist is told live', async () => {
    const national = `917${String(Date.now()).slice(-7)}`;
    const { client, therapistName } = await createClient(national);

    // The therapist's panel is open on notifications.
    const therapist = await openPage(browser);
    await signIn(therapist.page, 'therapist');
    await therapist.page.goto('/notifications');
    await therapist.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    // The desk finds the client by the phone written another way.
    const desk = await openPage(browser, 390, 844);
    const { page } = desk;
    await signIn(page, 'salesperson');
    await page
      .getByLabel('Find a client')
      .fill(`+63 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
    await page
      .getByRole('list', { name: 'Clients found' })
      .getByRole('link', { name: new RegExp(client.full_name) })
      .click();
    await page.waitForURL(`**/clients/${client.id}`);
    await page.getByRole('heading', { level: 1, name: client.full_name }).waitFor();
    // The record opens on its summary and the Arrivals; the vouchers are a tab away.
    await page.getByRole('tab', { name: 'Vouchers' }).click();
    await page.getByText('No vouchers yet.').waitFor();

    // Sell a 3-session voucher for cash.
    await page.getByRole('button', { name: 'Sell voucher' }).click();
    const treatment = (await choose(page, /^Treatment/)).split(' · ')[0]!;
    await page
      .getByRole('dialog')
      .getByLabel(/^Sessions/)
      .fill('3');
    await choose(page, /^Salesperson/);
    await page.getByRole('dialog').getByRole('button', { name: 'Sell' }).click();
    // The INVOICE replaces the form, what was sold above it; Done closes it.
    await page
      .getByRole('dialog')
      .getByRole('document', { name: /^INVOICE / })
      .waitFor();
    await page
      .getByRole('dialog')
      .getByText(/voucher V-\d+: 3 sessions, 3 left/)
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const vouchers = page.getByRole('list', { name: 'vouchers' });
    await vouchers.getByText('3 of 3 sessions left', { exact: false }).waitFor();

    // Log the arrival: the voucher is offered for its treatment and chosen by default.
    await page.getByRole('button', { name: 'Log arrival' }).click();
    await choose(page, /^Treatment/, treatment);
    await choose(page, /^Therapist/, therapistName);
    const voucherChoice = page
      .getByRole('dialog')
      .getByRole('radio', { name: new RegExp(`Voucher V-\\d+ · ${treatment}`) });
    assert.equal(await voucherChoice.isChecked(), true);
    await page.getByRole('dialog').getByRole('button', { name: 'Log arrival' }).click();
    await page.getByText(/^Arrival logged; one session of V-\d+ used\.$/).waitFor();

    // The balance drops.
    await vouchers.getByText('2 of 3 sessions left', { exact: false }).waitFor();

    // The page's head says it at a glance on the phone (issue 34): the voucher's balance and the
    // visit, its time as "1:45 pm"; a salesperson is not shown the floor's bookings.
    const summary = page.getByTestId('client-summary');
    const name = treatment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await summary.getByText(new RegExp(`^${name} \\(V-\\d+\\): 2 of 3 sessions left, until `)).waitFor();
    await summary.getByText(new RegExp(`^\\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d{2} [ap]m · ${name} at `)).waitFor();
    assert.equal(await summary.getByRole('heading', { name: 'Next booking' }).count(), 0);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page scrolls sideways');
    // Cancelling the visit is a choice in its row's menu, not red text on the row.
    await page.getByRole('tab', { name: 'Arrivals' }).click();
    await page
      .getByRole('button', { name: /^Actions for the arrival of / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Cancel arrival' }).waitFor();
    await page.keyboard.press('Escape');

    // The therapist's open panel receives the arrival, linking to the client.
    const title = `${client.full_name} has arrived`;
    await therapist.page.getByLabel(`Unread: ${title}`).waitFor();

    assert.deepEqual(desk.errors, []);
    assert.deepEqual(therapist.errors, []);
    await desk.context.close();
    await therapist.context.close();
  });
});
