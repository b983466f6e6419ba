import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, adminApiHeaders, launchBrowser, signIn } from './helpers';

// The till (issue 32; decision 0530) at 390 px: a walk-in assigned on the floor is served, "Service
// finished" opens its checkout, and it is paid with an add-on, a ₱100 cash tip, ₱500 cash and the
// rest by GCash; the receipt lists each, and the tab leaves the branch's open tabs.

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };
type Treatment = { id: number; name: string; price: string; duration_minutes: number };

const api = async <T>(headers: Headers, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, data: JSON.parse((await res.text()) || 'null') as T };
};

const ok = async <T>(headers: Headers, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await api<T>(headers, path, init);
  assert.ok(res.status < 300, `${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data;
};

/** Picks an option of the dialog's MUI select labelled `label`. */
const choose = async (page: Page, label: RegExp, option: string | RegExp) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option }).click();
  await listbox.waitFor({ state: 'detached' });
};

/** "1500.00" → 150000 centavos, so the test's own sums are exact too. */
const centavos = (money: string) => Math.round(Number(money) * 100);
const peso = (c: number) =>
  `₱${new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100)}`;

describe('checkout at 390 px', () => {
  let browser: Browser;
  let headers: Headers;
  let home: number;
  let therapist: Named;
  let salesperson: Named;
  let service: Treatment;
  let addOn: Treatment;
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    const receptionists = await ok<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
    therapist = (await ok<{ results: Named[] }>(headers, `/therapists/?pageSize=500&is_active=true&location=${home}`))
      .results[0]!;
    salesperson = (
      await ok<{ results: Named[] }>(headers, `/salespersons/?pageSize=500&is_active=true&location=${home}`)
    ).results[0]!;
    const treatments = (
      await ok<{ results: Treatment[] }>(headers, '/services/treatments/?pageSize=500&is_active=true&ordering=name')
    ).results;
    [service, addOn] = [treatments[0]!, treatments[1]!];
    const res = await api(headers, '/floor/shifts/clock-in/', {
      method: 'POST',
      body: { employee: therapist.id, location: home },
    });
    assert.ok(res.status === 201 || res.status === 409, `clock-in: ${res.status}`);
  });
  after(async () => {
    await browser.close();
  });

  it('a walk-in served, finished and checked out with an add-on, a ₱100 cash tip, ₱500 cash + the rest by GCash', async () => {
    const national = `9${String(Date.now()).slice(-9)}`;
    const client = await ok<{ id: number; full_name: string }>(headers, '/clients/', {
      method: 'POST',
      body: { first_name: 'Till', last_name: `Walkin ${national.slice(-4)}`, phone: `0${national}`, location: home },
    });
    // The walk-in is assigned (the floor's Assign next, sent as the desk sends it): a tab opens.
    const assigned = await ok<{ arrival: { id: number } }>(headers, '/floor/assign/', {
      method: 'POST',
      body: { client: client.id, location: home, treatment: service.id, therapist: therapist.id },
    });
    const arrival = assigned.arrival.id;

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: BASE_URL,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'receptionist');
    await page.goto('/floor');
    const tabs = page.getByRole('region', { name: 'Open tabs' });
    await tabs.getByText(client.full_name).waitFor();

    // Service finished on the therapist's rotation row leads straight into the checkout.
    await page.getByRole('button', { name: `Actions for ${therapist.full_name}` }).click();
    await page.getByRole('menuitem', { name: 'Service finished' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Service finished' }).click();
    const dialog = page.getByRole('dialog', { name: `Checkout · ${client.full_name}` });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add treatment' }).click();
    await choose(page, /^Treatment 1/, `${addOn.name} · ${peso(centavos(addOn.price))}`);
    await dialog.getByRole('button', { name: '₱100.00' }).click();
    const toPay = centavos(service.price) + centavos(addOn.price) + 100_00;
    await dialog.getByRole('textbox', { name: /^Amount 1/ }).fill('500');
    const status = dialog.getByRole('status', { name: 'Still to pay' });
    assert.equal(await status.textContent(), `Still to pay ${peso(toPay - 500_00)}`);
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await dialog.getByRole('textbox', { name: /^Reference no\. 2/ }).fill('GC-E2E-501');
    await choose(page, /^Salesperson/, salesperson.full_name);
    assert.equal(await status.textContent(), 'Paid in full');
    // Nothing on the phone scrolls sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await dialog.getByRole('button', { name: 'Check out' }).click();

    // The INVOICE replaces the receipt (the demo issues invoices, decision 1014): the bill, its payments.
    const invoice = page.getByRole('dialog').getByRole('document', { name: /^INVOICE / });
    await invoice.waitFor();
    const text = (await invoice.textContent()) ?? '';
    assert.match(text, new RegExp(`${addOn.name}`));
    assert.match(
      text,
      new RegExp(`TOTAL AMOUNT DUE${peso(centavos(service.price) + centavos(addOn.price)).replace('.', '\\.')}`),
    );
    assert.match(text, /GCash\/Maya · ref\. GC-E2E-501/);
    await page.getByRole('dialog').getByText('with ₱100.00 in tips').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    // The tab is paid: it leaves the open tabs, on this board and on the server.
    await tabs.getByText(client.full_name).waitFor({ state: 'detached' });
    const open = (await ok<{ results: { arrival: number }[] }>(headers, `/sales/tabs/?location=${home}`)).results;
    assert.ok(!open.some((t) => t.arrival === arrival));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
