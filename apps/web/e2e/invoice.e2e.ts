import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { manilaDateTime } from '@ginhawa/contract';
import {
  aFreeTherapist,
  adminApiHeaders,
  choose,
  fillSignIn,
  launchBrowser,
  manilaToday,
  signIn,
  terminalAt,
  openPhone,
  apiOk as ok,
} from './helpers';

// Issue 33 at 390 px: the receptionist's device picks its terminal from the header chip, checks out
// a senior citizen's ₱1,120.00 massage (VAT off, then 20%: ₱800.00 due), and prints the INVOICE;
// the print CSS gives an 80 mm page and an A4 page, and a second print is marked REPRINT. She sells a
// senior a voucher for the same massage (₱800.00), and checks out a booked visit whose GCash deposit
// was taken earlier: one invoice, showing the deposit against its acknowledgement receipt.

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };
type Treatment = { id: number; name: string; price: string; category: number };

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/docsweb';

/** The width and height of each page of a PDF, in points, read from its MediaBox entries. */
const pageSizes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
const MM = 72 / 25.4;

describe('the invoice at 390 px', () => {
  let browser: Browser;
  let headers: Headers;
  let home: number;
  let therapist: Named;
  let salesperson: Named;
  let massage: Treatment;
  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    await ok(headers, '/invoicing/profile/', { method: 'PATCH', body: { invoicing: 'on' } });
    const receptionists = await ok<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
    // Free now at any hour: a demo therapist may be booked (decision 0902).
    therapist = await aFreeTherapist(headers, home, 'Senior');
    salesperson = (
      await ok<{ results: Named[] }>(headers, `/salespersons/?pageSize=500&is_active=true&location=${home}`)
    ).results[0]!;
    const any = (await ok<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=1')).results[0]!;
    // The golden case: a ₱1,120.00 VATable massage the senior/PWD discount applies to (the defaults).
    massage = await ok<Treatment>(headers, '/services/treatments/', {
      method: 'POST',
      body: {
        name: `Senior massage ${Date.now() % 100000}`,
        category: any.category,
        duration_minutes: 60,
        price: '1120.00',
      },
    });
  });
  after(async () => {
    await browser.close();
  });

  /** A phone's page signed in as the receptionist, with her device's terminal. */
  const desk = async () => {
    const { context, page, errors } = await openPhone(browser);
    page.setDefaultTimeout(20_000);
    await signIn(page, 'receptionist');
    return { context, page, errors };
  };
  /** A new client at the receptionist's branch, with a phone no one else has. */
  const newClient = async (first: string, family = 'Resibo') => {
    const national = `9${String(Date.now()).slice(-9)}`;
    return ok<{ id: number; full_name: string }>(headers, '/clients/', {
      method: 'POST',
      body: { first_name: first, last_name: `${family} ${national.slice(-4)}`, phone: `0${national}`, location: home },
    });
  };
  /** The branch's latest documents issued to `client`, oldest first. */
  const documentsOf = async (client: number) =>
    (
      await ok<{ results: { kind: string; total_due: string; client: number | null }[] }>(
        headers,
        `/invoicing/documents/?location=${home}&ordering=-id&pageSize=50`,
      )
    ).results
      .filter((d) => d.client === client)
      .reverse();
  /** Prints the open invoice, the browser's print dialog counted rather than shown. */
  const printed = async (page: Page) => {
    await page.evaluate(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => (w.printed += 1);
    });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
  };
  /** From the floor: `therapist`'s service finished, which opens `client`'s checkout, invoiced from Front desk 1. */
  const checkoutFromFloor = async (page: Page, client: { full_name: string }, therapist: { full_name: string }) => {
    await page.goto('/floor');
    await page.getByRole('region', { name: 'Open tabs' }).getByText(client.full_name).waitFor();
    await page.getByRole('button', { name: `Actions for ${therapist.full_name}` }).click();
    await page.getByRole('menuitem', { name: 'Service finished' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Service finished' }).click();
    const dialog = page.getByRole('dialog', { name: `Checkout · ${client.full_name}` });
    await dialog.getByText(/^Invoice from Front desk 1/).waitFor();
    return dialog;
  };
  /** The text of the INVOICE the open dialog shows, once it shows. */
  const invoiceText = async (page: Page) => {
    const invoice = page.getByRole('dialog').getByRole('document', { name: /^INVOICE / });
    await invoice.waitFor();
    return (await invoice.textContent()) ?? '';
  };
  /** The ₱1,120.00 massage's invoice for the senior citizen whose ID is `id`: ₱800.00 due. */
  const assertSeniorInvoice = (text: string, id: string) => {
    assert.match(text, /TOTAL AMOUNT DUE₱800\.00/);
    assert.match(text, /Senior citizen discount−₱200\.00/);
    assert.match(text, /VAT-exempt sales₱1,000\.00/);
    assert.match(text, new RegExp(id));
  };

  it('a senior citizen’s ₱1,120.00 visit checked out at ₱800.00 and its invoice printed on 80 mm and A4', async () => {
    const client = await newClient('Lola', 'Senior');
    await ok(headers, '/floor/assign/', {
      method: 'POST',
      body: { client: client.id, location: home, treatment: massage.id, therapist: therapist.id },
    });

    const { context, page, errors } = await openPhone(browser);
    page.setDefaultTimeout(20_000);
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.removeItem('ginhawa.terminal'));
    await fillSignIn(page, 'receptionist');
    await page.waitForURL('**/dashboard');

    // A new device: the header's chip asks for the terminal; the receptionist picks her branch's.
    await page.getByRole('button', { name: 'Choose this desk’s terminal' }).click();
    await choose(page, /^Terminal/, /^Front desk 1 · /);
    await page.getByRole('dialog').getByRole('button', { name: 'Use this terminal' }).click();
    const chip = page.getByLabel(/^Terminal: Front desk 1 · /);
    await chip.waitFor();
    await page.screenshot({ path: `${SHOTS}/e2e-390-chip.png` });

    const dialog = await checkoutFromFloor(page, client, therapist);

    await dialog.getByRole('button', { name: 'Senior citizen' }).click();
    await dialog.getByRole('textbox', { name: /^ID number/ }).fill('OSCA-2026-0042');
    await choose(page, /^Salesperson/, salesperson.full_name);
    const bill = dialog.getByRole('region', { name: 'Bill' });
    assert.match(
      (await bill.textContent()) ?? '',
      /Subtotal₱1,120\.00VAT removed \(VAT-exempt sale\)−₱120\.00Senior citizen discount \(20%\)−₱200\.00Total due₱800\.00/,
    );
    assert.equal(await dialog.getByRole('textbox', { name: /^Amount 1/ }).inputValue(), '800.00');
    assert.equal(await dialog.getByRole('status', { name: 'Still to pay' }).textContent(), 'Paid in full');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await page.screenshot({ path: `${SHOTS}/e2e-390-checkout-senior.png` });
    await dialog.getByRole('button', { name: 'Check out' }).click();

    const text = await invoiceText(page);
    assertSeniorInvoice(text, 'OSCA-2026-0042');
    assert.match(text, /VAT-EXEMPT SALE/);
    assert.match(text, /VAT REG TIN 009-123-456-\d{5}/);
    await page.screenshot({ path: `${SHOTS}/e2e-390-invoice.png`, fullPage: true });

    await printed(page);

    // A second print is a reprint: journalled, and the copy says so.
    await page.getByRole('button', { name: 'Reprint', exact: true }).click();
    await page.getByRole('dialog').getByText('REPRINT · no. 1').waitFor();
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 2);
    await page.screenshot({ path: `${SHOTS}/e2e-390-reprint.png` });
    // The print CSS (of the reprint): on paper only the invoice, on an 80 mm page. Last: the page is resized.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 302, height: 1100 });
    await page.screenshot({ path: `${SHOTS}/print-80mm.png`, fullPage: true });
    const roll = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(`${SHOTS}/print-80mm.pdf`, roll);
    const [rollWidth] = pageSizes(roll)[0]!;
    assert.ok(Math.abs(rollWidth! - 80 * MM) < 1, `80 mm page: ${rollWidth}`);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole('button', { name: 'A4' }).click();
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: `${SHOTS}/print-a4.png`, fullPage: true });
    const a4 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(`${SHOTS}/print-a4.pdf`, a4);
    const [a4Width, a4Height] = pageSizes(a4)[0]!;
    assert.ok(Math.abs(a4Width! - 210 * MM) < 1 && Math.abs(a4Height! - 297 * MM) < 1, `A4: ${a4Width}×${a4Height}`);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 390, height: 844 });

    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a senior citizen’s voucher for the ₱1,120.00 massage is sold at ₱800.00 and its invoice printed', async () => {
    const client = await newClient('Lolo');
    const { context, page, errors } = await desk();
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('heading', { level: 1, name: client.full_name }).waitFor();
    await page.getByRole('button', { name: 'Sell voucher' }).click();
    const dialog = page.getByRole('dialog', { name: `Sell voucher · ${client.full_name}` });
    await choose(page, /^Treatment/, new RegExp(`^${massage.name} · `));
    await dialog.getByLabel(/^Sessions/).fill('1');
    await choose(page, /^Salesperson/, salesperson.full_name);
    await dialog.getByRole('button', { name: 'Senior citizen' }).click();
    await dialog.getByRole('textbox', { name: /^ID number/ }).fill('OSCA-2026-0077');
    await dialog
      .getByRole('status', { name: 'Total' })
      .getByText(/₱800\.00/)
      .waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await page.screenshot({ path: `${SHOTS}/e2e-390-voucher-senior.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Sell' }).click();

    assertSeniorInvoice(await invoiceText(page), 'OSCA-2026-0077');
    await printed(page);
    // On the server: the client's voucher, its sale at ₱800.00 on one invoice.
    const documents = await documentsOf(client.id);
    assert.deepEqual(
      documents.map((d) => [d.kind, d.total_due]),
      [['invoice', '800.00']],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a booked visit whose ₱500.00 GCash deposit was taken earlier prints one invoice showing the deposit', async () => {
    // Today at whatever hour the suite runs: the branch's hours are widened for this visit, then put back.
    const hours = await ok<{ opening_time: string; closing_time: string }>(headers, `/locations/${home}/`);
    await ok(headers, `/locations/${home}/`, {
      method: 'PATCH',
      body: { opening_time: '00:00', closing_time: '23:45' },
    });
    try {
      const any = (await ok<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=1')).results[0]!;
      const rub = await ok<Treatment>(headers, '/services/treatments/', {
        method: 'POST',
        body: {
          name: `Foot rub ${Date.now() % 100000}`,
          category: any.category,
          duration_minutes: 15,
          price: '750.00',
        },
      });
      const client = await newClient('Deposito');
      // Its own therapist: the first visit's served a moment ago, within this booking's quarter-hour.
      const masseur = await aFreeTherapist(headers, home, 'Deposito');
      const [h, m] = manilaDateTime(new Date()).time.split(':').map(Number);
      const slot = Math.min(Math.floor((h! * 60 + m!) / 15) * 15, 23 * 60 + 30);
      const time = `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
      const reference = `GC-${String(Date.now()).slice(-6)}`;
      // Booked with a deposit (an acknowledgement receipt), and arrived: the visit's tab holds the deposit.
      const reservation = await ok<{ id: number }>(headers, '/floor/reservations/', {
        method: 'POST',
        body: {
          client: client.id,
          location: home,
          date: manilaToday(),
          time,
          treatment: rub.id,
          therapist: masseur.id,
          deposit: { payment_method: 'e_wallet', amount: '500', reference_no: reference },
          terminal: await terminalAt(headers, home),
        },
      });
      await ok(headers, `/floor/reservations/${reservation.id}/arrive/`, { method: 'POST', body: {} });

      const { context, page, errors } = await desk();
      const dialog = await checkoutFromFloor(page, client, masseur);
      await choose(page, /^Salesperson/, salesperson.full_name);
      // The deposit pays first: ₱250.00 is left for the desk.
      assert.equal(await dialog.getByRole('textbox', { name: /^Amount 1/ }).inputValue(), '250.00');
      await dialog.getByRole('button', { name: 'Check out' }).click();

      const text = await invoiceText(page);
      assert.match(text, /TOTAL AMOUNT DUE₱750\.00/);
      assert.match(text, /Deposit paid earlier \(.+\)₱500\.00/);
      await page.screenshot({ path: `${SHOTS}/e2e-390-invoice-deposit.png`, fullPage: true });
      await printed(page);
      // One invoice for the visit, beside the deposit's acknowledgement receipt.
      assert.deepEqual(
        (await documentsOf(client.id)).map((d) => d.kind),
        ['acknowledgement', 'invoice'],
      );
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await ok(headers, `/locations/${home}/`, {
        method: 'PATCH',
        body: { opening_time: hours.opening_time, closing_time: hours.closing_time },
      });
    }
  });
});
