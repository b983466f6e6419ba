import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, adminApiHeaders, anHourEarlier, launchBrowser, manilaToday, openPage, signIn } from './helpers';

/**
 * Pay runs (issue 21), end to end: a therapist's "Earned this cutoff" moves live when an arrival is
 * logged for them; their branch's manager computes and submits the run; the Admin approves it from
 * the notification; the statement shows the pesos the run pays them.
 */

type Staff = { id: number; username: string | null; full_name: string; location: number };
type Treatment = { id: number; name: string; price: string };
type RunDetail = {
  id: number;
  status: string;
  location_name: string;
  employees: { employee: number; total: string; line_count: number }[];
};

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: await adminApiHeaders(),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : null) as T, text };
};

/** The first day of today's cutoff (1st–15th or 16th–end), Manila. */
const cutoffStart = (today: string) => `${today.slice(0, 8)}${Number(today.slice(8)) <= 15 ? '01' : '16'}`;

/** "₱1,234.50" → 123450 centavos. */
const centavos = (peso: string) => {
  const negative = peso.includes('-');
  const value = Number(peso.replace(/[^\d]/g, ''));
  return negative ? -value : value;
};
const pesos = (amount: string) =>
  `₱${Number(amount).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const choose = async (page: Page, label: RegExp, option?: string | RegExp) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await (option ? listbox.getByRole('option', { name: option }) : listbox.getByRole('option').first()).click();
  await listbox.waitFor({ state: 'detached' });
};

describe('pay runs', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('earnings move live, the manager submits the run, the Admin approves it from the notification, the statement pays the right pesos', async () => {
    const therapists = (await api<{ results: Staff[] }>('therapists/?pageSize=500')).data.results;
    const therapist = therapists.find((t) => t.username === 'therapist')!;
    // floor.e2e (earlier, on the same server) may leave them serving a walk-in: a visit logged now
    // on the card would then be the floor's 409 (decision 0909), so the desk finishes it first.
    const board = await api<{ queue: { therapist: number; service: { arrival: number } | null }[] }>(
      `floor/board/?location=${therapist.location}`,
    );
    const serving = board.data.queue.find((q) => q.therapist === therapist.id)?.service;
    if (serving)
      assert.equal((await api(`floor/services/${serving.arrival}/finish/`, { method: 'POST', body: {} })).status, 200);
    const treatments = (await api<{ results: Treatment[] }>('services/treatments/?pageSize=500&is_active=true')).data
      .results;
    const treatment = treatments[0]!;
    // This branch's own rule for this treatment: the most specific, so it is the one that pays.
    const rule = await api<{ value: string }>('payroll/commission-rules/', {
      method: 'POST',
      body: {
        role: 'therapist',
        treatment: treatment.id,
        kind: 'fixed',
        value: '175.25',
        location: therapist.location,
        effective_from: cutoffStart(manilaToday()),
      },
    });
    assert.equal(rule.status, 201, rule.text);
    const national = `917${String(Date.now()).slice(-7)}`;
    const client = await api<{ id: number; full_name: string }>('clients/', {
      method: 'POST',
      body: {
        first_name: 'Pay',
        last_name: `Run ${Date.now() % 10_000}`,
        phone: `0${national}`,
        location: therapist.location,
      },
    });
    assert.equal(client.status, 201, client.text);

    // The therapist's dashboard: what they earned so far this cutoff.
    const mine = await openPage(browser, 390, 844);
    await signIn(mine.page, 'therapist');
    const earned = mine.page.getByTestId('earned-this-cutoff');
    await earned.waitFor();
    const before = centavos(await earned.innerText());
    await mine.page.evaluate(() => Object.assign(window, { ginhawaNoReload: true }));

    // The desk logs an arrival for them (a walk-in paid in cash).
    const desk = await openPage(browser);
    await signIn(desk.page, 'admin');
    await desk.page.goto(`/clients/${client.data.id}`);
    await desk.page.getByRole('heading', { level: 1, name: client.data.full_name }).waitFor();
    await desk.page.getByRole('button', { name: 'Log arrival' }).click();
    await desk.page.getByRole('button', { name: 'Log a visit that began earlier' }).click();
    // An hour ago: a record of a visit paid at the desk (a visit now opens a tab, decision 0910).
    await choose(desk.page, /^Time/, anHourEarlier());
    await choose(desk.page, /^Treatment/, new RegExp(`^${treatment.name} ·`));
    await choose(desk.page, /^Therapist/, therapist.full_name);
    await choose(desk.page, /^Salesperson/);
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Log arrival' }).click();
    await desk.page.getByText(/^Arrival logged and ₱[\d,.]+ cash recorded for /).waitFor();
    const logged = Date.now();

    // Their figure grows by the rule's pesos, live: no reload.
    await mine.page.waitForFunction(
      (target) =>
        Number(
          (document.querySelector('[data-testid="earned-this-cutoff"]')?.textContent ?? '').replace(/[^\d]/g, ''),
        ) === target,
      before + 17525,
      { timeout: 10_000 },
    );
    console.log(`Earned this cutoff moved ${Date.now() - logged} ms after the arrival`);
    assert.equal(await mine.page.evaluate(() => 'ginhawaNoReload' in window), true, 'the page was reloaded');
    assert.deepEqual(mine.errors, []);

    // The branch's manager computes this cutoff's run and submits it.
    const manager = await openPage(browser);
    await signIn(manager.page, 'manager');
    await manager.page.goto('/payroll');
    await manager.page.getByRole('heading', { level: 1, name: 'Pay runs' }).waitFor();
    await manager.page.getByRole('button', { name: 'New pay run' }).click();
    const branches = (await api<{ results: { id: number; name: string }[] }>('locations/?pageSize=500')).data.results;
    const branch = branches.find((l) => l.id === therapist.location)!;
    await choose(manager.page, /^Branch/, branch.name);
    await manager.page.getByRole('dialog').getByRole('button', { name: 'Compute draft' }).click();
    await manager.page.waitForURL(/\?run=\d+/);
    const runId = Number(new URL(manager.page.url()).searchParams.get('run'));
    await manager.page.getByRole('button', { name: 'Submit for approval' }).click();
    // Today's cutoff is still running: the screen asks first and says what becomes of later earnings.
    const confirm = manager.page.getByRole('dialog', { name: 'Submit the pay run for approval?' });
    await confirm
      .getByText(
        /This cutoff runs until \d+ \w+: what is earned after approval is paid as an adjustment in the next run\./,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await manager.page.getByText('Pay run submitted for approval.').waitFor();

    // The Admin approves it from the notification.
    await desk.page.goto('/notifications');
    const request = desk.page
      .getByRole('listitem')
      .filter({ hasText: /pay run/i })
      .filter({ hasText: branch.name })
      .filter({ has: desk.page.getByRole('button', { name: 'Approve' }) })
      .first();
    // Once decided the item has no Approve button, so it is found again by its title, not by `request`.
    const title = await request.getByRole('heading', { level: 3 }).first().innerText();
    await request.getByRole('button', { name: 'Approve' }).click();
    await desk.page
      .getByRole('listitem')
      .filter({ has: desk.page.getByRole('heading', { level: 3, name: title, exact: true }) })
      .first()
      .getByText('Approved', { exact: true })
      .waitFor({ timeout: 10_000 });
    const run = await api<RunDetail>(`payroll/runs/${runId}/`);
    assert.equal(run.data.status, 'approved');

    // The statement pays the therapist what the run says, the arrival's line among it.
    const pay = run.data.employees.find((e) => e.employee === therapist.id);
    assert.ok(pay, 'the therapist is in the run');
    await manager.page.goto(`/payroll/runs/${runId}/statement/${therapist.id}`);
    const sheet = manager.page.getByRole('article', { name: `Earnings statement of ${therapist.full_name}` });
    await sheet.waitFor();
    assert.equal(await sheet.getByTestId('statement-total').innerText(), pesos(pay.total));
    await sheet.getByRole('row').filter({ hasText: client.data.full_name }).filter({ hasText: '₱175.25' }).waitFor();
    assert.equal(await sheet.getByRole('note').count(), 0, 'an approved run says nothing may change');
    // On a phone the lines fit the card: nothing scrolls sideways (its date wraps; no word is broken).
    await manager.page.setViewportSize({ width: 390, height: 844 });
    const lines = sheet.getByRole('region', { name: 'Statement lines, scrollable' });
    await lines.getByRole('row').filter({ hasText: client.data.full_name }).waitFor();
    const [scrolled, shown] = await lines.evaluate((box) => [box.scrollWidth, box.clientWidth]);
    assert.ok(scrolled <= shown, `at 390 px the statement's lines are ${scrolled} px wide in a ${shown} px card`);
    await manager.page.emulateMedia({ media: 'print' });
    assert.equal(await manager.page.getByRole('button', { name: 'Print' }).isVisible(), false);
    assert.deepEqual(manager.errors, []);

    // The Admin's rules list fits a 1280 px window: Edit and Delete show without scrolling sideways.
    await desk.page.goto('/admin/payroll?tab=rules');
    const rules = desk.page.getByRole('grid', { name: 'Commission rules' });
    const firstRule = rules.getByRole('row').nth(1);
    await firstRule.waitFor();
    const [gridBox, deleteBox] = await Promise.all([
      rules.boundingBox(),
      firstRule.getByRole('button', { name: /^Delete / }).boundingBox(),
    ]);
    assert.ok(gridBox && deleteBox, 'the rules list and its Delete are on the page');
    assert.ok(
      deleteBox.x + deleteBox.width <= gridBox.x + gridBox.width,
      `Delete ends at ${deleteBox.x + deleteBox.width} px, past the list's edge at ${gridBox.x + gridBox.width} px`,
    );
    await mine.context.close();
    await desk.context.close();
    await manager.context.close();
  });
});
