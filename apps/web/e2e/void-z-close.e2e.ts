import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  aBranchOfItsOwn,
  aManagerOf,
  aSalespersonAt,
  adminApiHeaders,
  apiOk,
  invoicingBackOn,
  launchBrowser,
  manilaToday,
  signIn,
  type ApiHeaders,
  openPhone,
} from './helpers';

// Issue 33's close of a day, in order, by the branch's own Manager at 390 px: a voucher sold by
// mistake on the branch's terminal issued an INVOICE; the Manager voids it on Documents with a
// reason, takes the Z reading that closes the terminal's day on Readings (the void in it), and
// submits the day's report from the dashboard tile. The branch is the journey's own (hours
// 00:00–23:45, its BIR facts and terminal), so closing its day closes no demo branch for the files
// after this one. Screenshots go to SHOTS_DIR when set.

type Document = { id: number; kind: string; document_no: string; total_due: string; voided_at: string | null };
type Reading = {
  id: number;
  kind: 'x' | 'z';
  z_counter: number | null;
  snapshot: { voids: { count: number; amount: string } };
};

const SHOTS_DIR = process.env.SHOTS_DIR;

describe('the Manager voids, takes the Z reading, and submits the day', () => {
  let browser: Browser;
  let headers: ApiHeaders;
  let branch: { id: number; name: string };
  let terminal: { id: number; name: string };
  let invoice: Document;
  let manager: { username: string; password: string };
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    if ((await apiOk<{ invoicing: string }>(headers, '/invoicing/profile/')).invoicing !== 'on')
      await invoicingBackOn(headers);
    ({ branch, terminal } = await aBranchOfItsOwn(headers, 'Z Close'));
    manager = await aManagerOf(headers, branch.id);
    const salesperson = await aSalespersonAt(headers, branch.id);
    const treatment = (
      await apiOk<{ results: { id: number }[] }>(
        headers,
        '/services/treatments/?pageSize=500&is_active=true&ordering=name',
      )
    ).results[0]!;
    const national = `7${String(Date.now()).slice(-9)}`;
    const client = await apiOk<{ id: number }>(headers, '/clients/', {
      method: 'POST',
      body: {
        first_name: 'Mali',
        last_name: `Voucher ${national.slice(-4)}`,
        phone: `0${national}`,
        location: branch.id,
      },
    });
    // The mistaken sale: a voucher rung up on the branch's terminal, its INVOICE issued.
    await apiOk(headers, '/clients/treatments/', {
      method: 'POST',
      body: {
        client: client.id,
        treatment: treatment.id,
        sessions: 1,
        location: branch.id,
        salesperson: salesperson.id,
        payment_method: 'cash',
        terminal: terminal.id,
      },
    });
    const issued = await apiOk<{ results: Document[] }>(headers, `/invoicing/documents/?location=${branch.id}`);
    invoice = issued.results.find((d) => d.kind === 'invoice')!;
    assert.ok(invoice, 'the voucher sale issued an invoice');
  });
  after(async () => {
    await browser.close();
  });

  it('at 390 px: Documents voids it, Readings makes the Z with the void in it, the day is submitted', async () => {
    const { context, page, errors } = await openPhone(browser);
    await signIn(page, manager.username, manager.password);

    // Documents: the invoice by its number, voided with a reason.
    await page.goto('/documents');
    await page.getByLabel('Search number or buyer').fill(invoice.document_no);
    await page.getByRole('row').filter({ hasText: invoice.document_no }).click();
    const opened = page.getByRole('dialog', { name: `INVOICE ${invoice.document_no}` });
    await opened.getByRole('button', { name: 'Void' }).click();
    const ask = page.getByRole('dialog', { name: `Void ${invoice.document_no}?` });
    await ask.getByLabel(/Reason/).fill('Sold to the wrong client.');
    await ask.getByRole('button', { name: 'Void' }).click();
    await ask.waitFor({ state: 'detached' });
    await opened.getByText(/^VOID · .* · Sold to the wrong client\.$/).waitFor();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/close-void-390.png` });
    await opened.getByRole('button', { name: 'Close', exact: true }).last().click();
    await opened.waitFor({ state: 'detached' });

    // Readings: the Z reading of the branch's one terminal (chosen for them), the void in it.
    await page.goto('/readings');
    await page.getByRole('heading', { level: 1, name: 'Readings' }).waitFor();
    await page.getByRole('button', { name: 'Take Z reading' }).click();
    const confirm = page.getByRole('dialog', { name: `Take the Z reading of ${terminal.name}?` });
    await confirm.getByRole('button', { name: 'Take Z reading' }).click();
    const z = page.getByRole('dialog', { name: `Z reading no. 1 · ${terminal.name}` });
    await z.getByRole('document', { name: 'Z READING' }).waitFor();
    const made = (
      await apiOk<{ results: Reading[] }>(headers, `/invoicing/readings/?terminal=${terminal.id}&kind=z&pageSize=1`)
    ).results[0]!;
    assert.equal(made.z_counter, 1);
    assert.deepEqual(made.snapshot.voids, { count: 1, amount: invoice.total_due });
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/close-z-390.png` });
    await z.getByRole('button', { name: 'Close', exact: true }).last().click();
    await z.waitFor({ state: 'detached' });

    // The day's report from the dashboard's tile: nothing in the drawer (the sale was voided), submitted.
    await page.goto('/dashboard');
    await page
      .getByRole('list', { name: "Today's report by location" })
      .getByRole('link', { name: `Count cash and submit: ${branch.name}` })
      .click();
    await page.waitForURL(`**/reports/daily/${branch.id}/${manilaToday()}`);
    await page.getByRole('textbox', { name: 'Cash on hand' }).fill('0');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Before its closing time the screen asks first (decision 0521); after it, the day just closes.
    const closeEarly = page.getByRole('button', { name: 'Close the day' });
    await closeEarly.or(page.getByText('Submitted and waiting for approval.')).first().waitFor();
    if (await closeEarly.isVisible()) await closeEarly.click();
    await page.getByText('Submitted and waiting for approval.').waitFor();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/close-submitted-390.png`, fullPage: true });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

    // On the server: the invoice void, listed with its reason in the corrections book; the day submitted.
    const read = await apiOk<Document>(headers, `/invoicing/documents/${invoice.id}/`);
    assert.ok(read.voided_at);
    const today = manilaToday();
    const book = await apiOk<{ rows: { document_no: string; kind: string; reason: string }[] }>(
      headers,
      `/invoicing/books/corrections/?date_from=${today}&date_to=${today}&location=${branch.id}`,
    );
    assert.deepEqual(
      book.rows.map((r) => [r.kind, r.document_no, r.reason]),
      [['void', invoice.document_no, 'Sold to the wrong client.']],
    );
    const status = await apiOk<{ closed: boolean; status: string }>(
      headers,
      `/reports/day-status/?location=${branch.id}`,
    );
    assert.deepEqual([status.closed, status.status], [true, 'submitted']);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
