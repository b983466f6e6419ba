import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, aFreeTherapist, adminApiHeaders, launchBrowser, signIn, apiOk as ok } from './helpers';

// Documents (issue 33; decisions 1015–1018): a walk-in checked out on the branch's terminal issues an
// INVOICE; the Manager finds it on /documents at 390 px, voids it with a reason, and it reads VOID
// with its number kept, its sale lines gone and the visit's tab open again. Invoicing is switched
// on for this journey only and back off after it, as the demo keeps it until the panel sends the
// terminal on every money call. Screenshots go to SHOTS_DIR when set.

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };
type Treatment = { id: number; name: string; price: string };
type Document = { id: number; document_no: string; voided_at: string | null; void_reason: string | null };

const SHOTS_DIR = process.env.SHOTS_DIR;

describe('documents: the Manager voids a mistaken invoice', () => {
  let browser: Browser;
  let headers: Headers;
  let home: number;
  let terminal: number;
  let therapist: Named;
  let salesperson: Named;
  let service: Treatment;
  let wasOn = false;
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    const receptionists = await ok<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
    // Free now at any hour: a demo therapist may be booked (decision 0902).
    therapist = await aFreeTherapist(headers, home, 'Resibo');
    salesperson = (
      await ok<{ results: Named[] }>(headers, `/salespersons/?pageSize=500&is_active=true&location=${home}`)
    ).results[0]!;
    service = (
      await ok<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=500&is_active=true&ordering=name')
    ).results[0]!;
    terminal = (
      await ok<{ results: { id: number }[] }>(headers, `/invoicing/terminals/?location=${home}&is_active=true`)
    ).results[0]!.id;
    wasOn = (await ok<{ invoicing: string }>(headers, '/invoicing/profile/')).invoicing === 'on';
    await ok(headers, '/invoicing/profile/', { method: 'PATCH', body: { invoicing: 'on' } });
  });
  after(async () => {
    if (!wasOn) await ok(headers, '/invoicing/profile/', { method: 'PATCH', body: { invoicing: 'off' } });
    await browser.close();
  });

  it('finds the invoice by number, voids it with a reason, and the visit can be checked out again', async () => {
    const national = `9${String(Date.now()).slice(-9)}`;
    const client = await ok<{ id: number; full_name: string }>(headers, '/clients/', {
      method: 'POST',
      body: { first_name: 'Mali', last_name: `Resibo ${national.slice(-4)}`, phone: `0${national}`, location: home },
    });
    const assigned = await ok<{ arrival: { id: number } }>(headers, '/floor/assign/', {
      method: 'POST',
      body: { client: client.id, location: home, treatment: service.id, therapist: therapist.id },
    });
    const arrival = assigned.arrival.id;
    /** The visit paid in cash at the desk with its terminal, so it issues an INVOICE. */
    const checkout = () =>
      ok<{ document: Document }>(headers, '/sales/checkout/', {
        method: 'POST',
        body: {
          arrival,
          salesperson: salesperson.id,
          terminal,
          payments: [{ payment_method: 'cash', amount: service.price }],
        },
      });
    // The mistaken checkout.
    const paid = await checkout();
    const invoice = paid.document;
    assert.ok(invoice, 'the checkout issued an invoice');

    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const phone = width < 600;
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: BASE_URL,
        hasTouch: phone,
        isMobile: phone,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, 'manager');
      await page.goto('/documents');
      await page.getByRole('heading', { name: 'Documents' }).waitFor();
      await page.getByLabel('Search number or buyer').fill(invoice.document_no);
      const row = page.getByRole('row').filter({ hasText: invoice.document_no });
      await row.waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/documents-list-${width}.png`, fullPage: true });
      await row.click();
      const dialog = page.getByRole('dialog', { name: `INVOICE ${invoice.document_no}` });
      await dialog.getByText('Total amount due').waitFor();
      if (phone) {
        if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/documents-invoice-${width}.png` });
        await dialog.getByRole('button', { name: 'Void' }).click();
        const ask = page.getByRole('dialog', { name: `Void ${invoice.document_no}?` });
        await ask.getByLabel(/Reason/).fill('Rang up the wrong client.');
        if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/documents-void-${width}.png` });
        await ask.getByRole('button', { name: 'Void' }).click();
        await ask.waitFor({ state: 'detached' });
      }
      // VOID, with its reason, on the document as the panel shows it.
      await dialog.getByText(/^VOID · .* · Rang up the wrong client\.$/).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Void' }).count(), 0);
      if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/documents-voided-${width}.png` });
      assert.deepEqual(errors, []);
      await context.close();
    }

    // On the server: voided, its number kept, the visit's tab open again for a fresh checkout.
    const read = await ok<Document>(headers, `/invoicing/documents/${invoice.id}/`);
    assert.equal(read.document_no, invoice.document_no);
    assert.equal(read.void_reason, 'Rang up the wrong client.');
    assert.ok(read.voided_at);
    const open = (await ok<{ results: { arrival: number }[] }>(headers, `/sales/tabs/?location=${home}`)).results;
    assert.ok(open.some((t) => t.arrival === arrival));
    const again = await checkout();
    assert.notEqual(again.document.document_no, invoice.document_no);
  });
});
