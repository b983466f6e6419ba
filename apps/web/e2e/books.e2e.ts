import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  BASE_URL,
  aFreeTherapist,
  adminApiHeaders,
  apiOk,
  centavos,
  inWords,
  invoicingBackOn,
  launchBrowser,
  manilaToday,
  peso,
  signIn,
  terminalAt,
  type ApiHeaders,
} from './helpers';

// The Books screen (issue 33; decisions 1022, 1035): a senior citizen's ₱1,120.00 massage is checked
// out through the API on the branch's terminal (₱200.00 off, ₱800.00 due); the Manager at 1280 px
// opens Books from the drawer, sees today's E-1 row of that terminal with the gross the server
// sums, opens Senior citizens (E-2) and finds the client's name and the ₱200.00 discount, and
// downloads the CSV, whose rows are the book's. At 390 px the tables scroll inside their box, not
// the page. Screenshots go to SHOTS_DIR when set.

type Named = { id: number; full_name: string; username: string | null; location: number };
type Treatment = { id: number; name: string; price: string; category: number };
type SummaryRow = { date: string; terminal: number; terminal_name: string; gross: string };
type DiscountRow = { document_no: string; name: string; discount: string; net_sales: string };

const SHOTS_DIR = process.env.SHOTS_DIR;

/** RFC 4180 lines as the server writes them: BOM, CRLF, a quoted field only when it must be. */
const csvRows = (text: string): string[][] =>
  text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!))
    .map((cells) => cells.map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)));

describe('books: the Manager reads the sales summary and the senior citizens book', () => {
  let browser: Browser;
  let headers: ApiHeaders;
  let home: number;
  let terminal: number;
  let client: { id: number; full_name: string };
  let invoice: { document_no: string };
  let massage: Treatment;
  before(async () => {
    if (SHOTS_DIR) fs.mkdirSync(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    // The demo invoices; a journey before this one may have switched it off.
    if ((await apiOk<{ invoicing: string }>(headers, '/invoicing/profile/')).invoicing !== 'on')
      await invoicingBackOn(headers);
    const receptionists = await apiOk<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
    terminal = await terminalAt(headers, home);
    const salesperson = (
      await apiOk<{ results: Named[] }>(headers, `/salespersons/?pageSize=500&is_active=true&location=${home}`)
    ).results[0]!;
    const any = (await apiOk<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=1')).results[0]!;
    // The golden case: a ₱1,120.00 VATable massage the senior/PWD discount applies to (the defaults).
    massage = await apiOk<Treatment>(headers, '/services/treatments/', {
      method: 'POST',
      body: {
        name: `Books massage ${Date.now() % 100000}`,
        category: any.category,
        duration_minutes: 60,
        price: '1120.00',
      },
    });
    const national = `9${String(Date.now()).slice(-9)}`;
    client = await apiOk(headers, '/clients/', {
      method: 'POST',
      body: { first_name: 'Lola', last_name: `Libro ${national.slice(-4)}`, phone: `0${national}`, location: home },
    });
    // Free now at any hour: a demo therapist may be booked (decision 0902).
    const therapist = await aFreeTherapist(headers, home, 'Libro');
    const arrival = (
      await apiOk<{ arrival: { id: number } }>(headers, '/floor/assign/', {
        method: 'POST',
        body: { client: client.id, location: home, treatment: massage.id, therapist: therapist.id },
      })
    ).arrival.id;
    const paid = await apiOk<{ document: { document_no: string; total_due: string } }>(headers, '/sales/checkout/', {
      method: 'POST',
      body: {
        arrival,
        salesperson: salesperson.id,
        terminal,
        special_discount: {
          kind: 'senior',
          id_type: 'osca',
          id_number: `OSCA-${national.slice(-5)}`,
          name: client.full_name,
        },
        payments: [{ payment_method: 'cash', amount: '800.00' }],
      },
    });
    invoice = paid.document;
    assert.equal(paid.document.total_due, '800.00');
  });
  after(async () => {
    // Out of the menu again: the journeys after this one pick the first active treatment by name.
    await apiOk(headers, `/services/treatments/${massage.id}/`, { method: 'PATCH', body: { is_active: false } });
    await browser.close();
  });

  it('shows E-1 with the day’s gross, E-2 with the client’s ₱200.00, and the CSV as the book', async () => {
    const today = manilaToday();
    // What the server sums for today at the branch: the screen must show the same.
    const query = `date_from=${today.slice(0, 7)}-01&date_to=${today}&location=${home}`;
    const summary = await apiOk<{ rows: SummaryRow[] }>(headers, `/invoicing/books/sales-summary/?${query}`);
    const todays = summary.rows.find((r) => r.date === today && r.terminal === terminal);
    assert.ok(todays, 'E-1 has a row for today at the terminal');
    assert.ok(centavos(todays.gross) >= centavos('1120.00'), `gross ${todays.gross} counts the massage`);
    const seniors = await apiOk<{ rows: DiscountRow[] }>(headers, `/invoicing/books/senior-citizens/?${query}`);
    assert.ok(seniors.rows.some((r) => r.document_no === invoice.document_no && r.discount === '200.00'));

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE_URL });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'manager');
    await page
      .getByRole('navigation', { name: 'Side navigation' })
      .getByRole('link', { name: 'Books', exact: true })
      .click();
    await page.waitForURL('**/books');
    await page.getByRole('heading', { level: 1, name: 'Books' }).waitFor();
    const branch = (await apiOk<{ name: string }>(headers, `/locations/${home}/`)).name;
    const branchField = page.getByRole('combobox', { name: 'Branch' });
    if (await branchField.isVisible()) {
      await branchField.click();
      await page.getByRole('listbox').getByRole('option', { name: branch, exact: true }).click();
    }

    const e1 = page.getByRole('table', { name: 'Sales summary' });
    const row = e1
      .getByRole('row')
      .filter({ hasText: inWords(today) })
      .filter({ hasText: todays.terminal_name });
    await row.waitFor();
    // Gross is the fifth column (Date, Terminal, Invoices, Grand total), in view at 1280 px.
    const gross = row.getByRole('cell').nth(4);
    assert.equal(await gross.textContent(), peso(centavos(todays.gross)));
    assert.ok(await gross.evaluate((cell) => cell.getBoundingClientRect().right <= window.innerWidth));
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/books-e1-1280.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Senior citizens (E-2)' }).click();
    const e2 = page.getByRole('table', { name: 'Senior citizens' });
    const mine = e2.getByRole('row').filter({ hasText: invoice.document_no });
    await mine.getByText(client.full_name).waitFor();
    await mine.getByRole('cell', { name: '₱200.00', exact: true }).waitFor();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/books-e2-1280.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^senior-citizens-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvRows(fs.readFileSync(await download.path(), 'utf8'));
    const [header, ...body] = lines;
    assert.deepEqual(header?.slice(0, 4), ['date', 'branch', 'terminal', 'name']);
    assert.equal(body.at(-1)?.[0], 'TOTAL');
    // The file's rows are the book's, in its order: the same invoices, names and discounts.
    assert.deepEqual(
      body.slice(0, -1).map((cells) => [cells[7], cells[3], cells[11], cells[12]]),
      seniors.rows.map((r) => [r.document_no, r.name, r.discount, r.net_sales]),
    );
    assert.ok(body.some((cells) => cells[7] === invoice.document_no && cells[11] === '200.00'));
    assert.deepEqual(errors, []);
    await context.close();

    // A phone: the books scroll inside their box; the page never scrolls sideways.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: BASE_URL,
      hasTouch: true,
      isMobile: true,
    });
    const small = await phone.newPage();
    small.setDefaultTimeout(15_000);
    await signIn(small, 'manager');
    await small.goto('/books');
    await small.getByRole('table', { name: 'Sales summary' }).getByRole('row').nth(1).waitFor();
    assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    if (SHOTS_DIR) await small.screenshot({ path: `${SHOTS_DIR}/books-e1-390.png`, fullPage: true });
    await small.getByRole('tab', { name: /^Seniors/ }).click();
    await small.getByRole('table', { name: 'Senior citizens' }).getByRole('row').nth(1).waitFor();
    assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    if (SHOTS_DIR) await small.screenshot({ path: `${SHOTS_DIR}/books-e2-390.png`, fullPage: true });
    await small.getByRole('tab', { name: 'Voids' }).click();
    await small.getByRole('table', { name: 'Voids and credit memos' }).waitFor();
    assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    if (SHOTS_DIR) await small.screenshot({ path: `${SHOTS_DIR}/books-voids-390.png`, fullPage: true });
    await phone.close();
  });

  it('the Admin downloads the E-1 and E-2 books as CSV from Tax and invoices, and reads the voids and credit memos', async () => {
    const today = manilaToday();
    const query = `date_from=${today.slice(0, 7)}-01&date_to=${today}`;
    const summary = await apiOk<{ rows: SummaryRow[] }>(headers, `/invoicing/books/sales-summary/?${query}`);
    const corrections = await apiOk<{ rows: { document_no: string; reason: string }[] }>(
      headers,
      `/invoicing/books/corrections/?${query}`,
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE_URL });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin');
    await page.goto('/admin/invoicing');
    await page.getByRole('main').getByRole('link', { name: 'Books', exact: true }).click();
    await page.waitForURL('**/books');
    const download = async (name: RegExp) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      assert.match(file.suggestedFilename(), name);
      return csvRows(fs.readFileSync(await file.path(), 'utf8'));
    };
    // E-1 of every branch, this month so far: one line per row the server sums, then TOTAL.
    await page.getByRole('table', { name: 'Sales summary' }).getByRole('row').nth(1).waitFor();
    const e1 = await download(/^sales-summary-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.deepEqual(e1[0]?.slice(0, 4), ['date', 'branch', 'terminal', 'min']);
    assert.equal(e1.length, 1 + summary.rows.length + 1);
    assert.equal(e1.at(-1)?.[0], 'TOTAL');
    // E-2: the senior's invoice and its ₱200.00.
    await page.getByRole('tab', { name: 'Senior citizens (E-2)' }).click();
    await page.getByRole('table', { name: 'Senior citizens' }).getByText(invoice.document_no).waitFor();
    const e2 = await download(/^senior-citizens-/);
    assert.ok(e2.some((cells) => cells[7] === invoice.document_no && cells[11] === '200.00'));
    // The voids and credit memos, as the server lists them (none yet is a sentence, not a blank).
    await page.getByRole('tab', { name: 'Voids and credit memos' }).click();
    const table = page.getByRole('table', { name: 'Voids and credit memos' });
    if (corrections.rows.length === 0) await table.getByText('No voids or credit memos in this range.').waitFor();
    else
      for (const row of corrections.rows)
        await table.getByRole('row').filter({ hasText: row.document_no }).filter({ hasText: row.reason }).waitFor();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/books-voids-1280.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
