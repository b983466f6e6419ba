import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  BASE_URL,
  aBranchOfItsOwn,
  aFreeTherapist,
  aManagerOf,
  aSalespersonAt,
  adminApiHeaders,
  apiOk,
  centavos,
  invoicingBackOn,
  launchBrowser,
  manilaToday,
  peso,
  signIn,
  type ApiHeaders,
} from './helpers';

// Readings (issue 33; decision 1020): a walk-in is checked out on a branch's terminal; the Manager,
// on a phone (390 px), goes from the branch's daily report to Readings, takes an X reading and reads
// its gross, then the Z reading that closes the terminal's day, and its Z counter is one more than
// the last. The branch and its Manager are the journey's own, so no demo branch's day is closed and
// none closed by another journey is in the way. A look at 1280 px follows. Screenshots go to SHOTS_DIR.

type Treatment = { id: number; name: string; price: string };
type Terminal = { id: number; name: string; location: number; location_name: string };
type Reading = {
  id: number;
  kind: 'x' | 'z';
  z_counter: number | null;
  snapshot: { gross: string; previous_z_counter: number; document_count: number };
};

const SHOTS_DIR = process.env.SHOTS_DIR;
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on what the page shows now (as accessibility.e2e.ts runs it), once faded in. */
const axeFindings = async (page: Page) => {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((c) => getComputedStyle(c).opacity === '1'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(result.violations)) as { id: string; impact: string | null }[];
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact})`);
};

const shot = async (page: Page, name: string, fullPage = false) => {
  // Transitions finished, so a dialog is shot as it stands, not fading in.
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage, animations: 'disabled' });
};

/** A printed row's figure ("Gross sales" → "₱1,200.00"): the row is the label's parent. */
const figure = async (printout: Locator, label: string) => {
  const row = printout.getByText(label, { exact: true }).locator('..');
  return ((await row.textContent()) ?? '').slice(label.length);
};

/** The newest reading of a kind at a terminal, as the server keeps it. */
const newest = async (headers: ApiHeaders, terminal: number, kind: 'x' | 'z') =>
  (await apiOk<{ results: Reading[] }>(headers, `/invoicing/readings/?terminal=${terminal}&kind=${kind}&pageSize=1`))
    .results[0];

const chooseTerminal = async (page: Page, terminal: Terminal) => {
  await page.getByRole('combobox', { name: 'Terminal' }).click();
  await page.getByRole('option', { name: `${terminal.name} · ${terminal.location_name}` }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
};

describe('readings: the Manager takes an X reading and closes the day with a Z', () => {
  let browser: Browser;
  let headers: ApiHeaders;
  let wasOn = false;
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    wasOn = (await apiOk<{ invoicing: string }>(headers, '/invoicing/profile/')).invoicing === 'on';
    if (!wasOn) await invoicingBackOn(headers);
  });
  after(async () => {
    if (!wasOn) await apiOk(headers, '/invoicing/profile/', { method: 'PATCH', body: { invoicing: 'off' } });
    await browser.close();
  });

  it('takes an X reading with the sale in its gross, then a Z reading one counter up', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: BASE_URL,
      hasTouch: true,
      isMobile: true,
      // axe-core goes in as an inline script (as accessibility.e2e.ts does).
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A branch of the journey's own and its Manager: the demo's days are closed by other journeys
    // (desk-sell.e2e approves one), and a Z here closes no terminal the files after this one use.
    const { branch, terminal } = await aBranchOfItsOwn(headers, 'Readings');
    const manager = await aManagerOf(headers, branch.id);
    await signIn(page, manager.username, manager.password);

    // A walk-in checked out on that terminal: an invoice the X reading counts.
    const service = (
      await apiOk<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=500&is_active=true&ordering=name')
    ).results[0]!;
    const salesperson = await aSalespersonAt(headers, branch.id);
    const national = `8${String(Date.now()).slice(-9)}`;
    const client = await apiOk<{ id: number }>(headers, '/clients/', {
      method: 'POST',
      body: {
        first_name: 'Basa',
        last_name: `Pagbasa ${national.slice(-4)}`,
        phone: `0${national}`,
        location: branch.id,
      },
    });
    // Free now at any hour: a demo therapist may be booked (decision 0902).
    const therapist = await aFreeTherapist(headers, branch.id, 'Basa');
    const arrival = (
      await apiOk<{ arrival: { id: number } }>(headers, '/floor/assign/', {
        method: 'POST',
        body: { client: client.id, location: branch.id, treatment: service.id, therapist: therapist.id },
      })
    ).arrival.id;
    await apiOk(headers, '/sales/checkout/', {
      method: 'POST',
      body: {
        arrival,
        salesperson: salesperson.id,
        terminal: terminal.id,
        payments: [{ payment_method: 'cash', amount: service.price }],
      },
    });

    // From the branch's daily report to Readings.
    await page.goto(`/reports/daily/${branch.id}/${manilaToday()}`);
    await page.getByRole('heading', { name: 'Daily report' }).waitFor();
    await shot(page, 'readings-from-daily-report-390');
    await page.getByRole('main').getByRole('link', { name: 'Readings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Readings' }).waitFor();
    await chooseTerminal(page, terminal);

    // The X reading: opened as it prints, its gross the server's, the sale in it.
    await page.getByRole('button', { name: 'Take X reading' }).click();
    const xDialog = page.getByRole('dialog', { name: new RegExp(`^X reading · ${terminal.name} · `) });
    const xPrint = xDialog.getByRole('document', { name: 'X READING' });
    await xPrint.waitFor();
    const x = (await newest(headers, terminal.id, 'x'))!;
    assert.equal(await figure(xPrint, 'Gross sales'), peso(centavos(x.snapshot.gross)));
    assert.ok(centavos(x.snapshot.gross) >= centavos(service.price), `gross ${x.snapshot.gross} counts the sale`);
    assert.equal(await figure(xPrint, 'Documents in all'), String(x.snapshot.document_count));
    await shot(page, 'readings-x-390');
    await xDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await xDialog.waitFor({ state: 'detached' });

    // The Z reading: asked first, then made, its counter one more than the last Z's.
    const before = x.snapshot.previous_z_counter;
    await page.getByRole('button', { name: 'Take Z reading' }).click();
    const ask = page.getByRole('dialog', { name: `Take the Z reading of ${terminal.name}?` });
    await ask.getByText('A Z reading cannot be undone.', { exact: false }).waitFor();
    await shot(page, 'readings-z-confirm-390');
    await ask.getByRole('button', { name: 'Take Z reading' }).click();
    const zDialog = page.getByRole('dialog', { name: `Z reading no. ${before + 1} · ${terminal.name}` });
    const zPrint = zDialog.getByRole('document', { name: 'Z READING' });
    await zPrint.waitFor();
    assert.equal(await figure(zPrint, 'Z counter'), String(before + 1));
    assert.equal((await newest(headers, terminal.id, 'z'))!.z_counter, before + 1);
    await shot(page, 'readings-z-390');
    assert.deepEqual(await axeFindings(page), []);
    await zDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await zDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: `no. ${before + 1}` })
      .waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await shot(page, 'readings-list-390', true);
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(errors, []);
    await context.close();

    // At 1280 px: the list with its columns, and the Z reading on A4.
    const wide = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: BASE_URL,
      bypassCSP: true,
    });
    const desk = await wide.newPage();
    desk.setDefaultTimeout(15_000);
    const wideErrors: string[] = [];
    desk.on('pageerror', (error) => wideErrors.push(error.message));
    await signIn(desk, manager.username, manager.password);
    await desk.goto('/readings');
    await chooseTerminal(desk, terminal);
    const zRow = desk.getByRole('row').filter({ hasText: 'Z reading' }).first();
    await zRow.waitFor();
    assert.equal(await desk.getByRole('columnheader', { name: 'Gross' }).count(), 1);
    await shot(desk, 'readings-list-1280');
    assert.deepEqual(await axeFindings(desk), []);
    await zRow.getByText('Z reading').click();
    const wideDialog = desk.getByRole('dialog', { name: `Z reading no. ${before + 1} · ${terminal.name}` });
    await wideDialog.getByRole('button', { name: 'A4' }).click();
    await wideDialog.getByRole('document', { name: 'Z READING' }).waitFor();
    await shot(desk, 'readings-z-a4-1280');
    assert.deepEqual(await axeFindings(desk), []);
    // On paper only the reading prints (the invoice's print CSS), on the paper chosen.
    await desk.emulateMedia({ media: 'print' });
    const paper = desk.locator('.invoice-print-root');
    await paper.getByText('END OF Z READING').waitFor();
    assert.equal(await wideDialog.isVisible(), false);
    assert.equal(await paper.locator('[role="document"]').getAttribute('data-paper'), 'a4');
    await shot(desk, 'readings-z-print-a4', true);
    await desk.emulateMedia({ media: 'screen' });
    await wideDialog.getByRole('button', { name: '80 mm roll' }).click();
    await desk.emulateMedia({ media: 'print' });
    assert.equal(await paper.locator('[role="document"]').getAttribute('data-paper'), '80mm');
    await shot(desk, 'readings-z-print-80mm', true);
    assert.deepEqual(wideErrors, []);
    await wide.close();
  });
});
