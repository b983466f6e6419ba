import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  adminApiHeaders,
  anHourEarlier,
  BASE_URL,
  launchBrowser,
  manilaToday,
  openPage,
  pathOf,
  signIn,
  terminalAt,
} from './helpers';

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };

const api = async <T>(headers: Headers, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
};

/** The demo receptionist's branch, another open branch, and who works where (set up as an Admin would). */
const demoDesk = async () => {
  const headers = await adminApiHeaders();
  const receptionists = await api<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
  const home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
  const locations = await api<{ results: { id: number; name: string; is_active: boolean }[] }>(
    headers,
    '/locations/?pageSize=500',
  );
  const far = locations.results.find((l) => l.is_active && l.id !== home)!;
  const therapists = await api<{ results: Named[] }>(
    headers,
    `/therapists/?pageSize=500&is_active=true&location=${home}`,
  );
  const salespersons = await api<{ results: Named[] }>(
    headers,
    `/salespersons/?pageSize=500&is_active=true&location=${home}`,
  );
  const treatments = await api<{ results: { id: number; name: string; price: string }[] }>(
    headers,
    '/services/treatments/?pageSize=500&is_active=true&ordering=name',
  );
  return {
    headers,
    home: locations.results.find((l) => l.id === home)!,
    far,
    therapist: therapists.results[0]!,
    salesperson: salespersons.results[0]!,
    treatments: treatments.results,
  };
};

/** A client with a mobile nobody else has, homed at `location`. */
const newClient = async (headers: Headers, location: number, first: string) => {
  const national = `9${String(Date.now()).slice(-9)}`;
  const client = await api<{ id: number; full_name: string }>(headers, '/clients/', {
    method: 'POST',
    body: { first_name: first, last_name: `Desk ${national.slice(-4)}`, phone: `0${national}`, location },
  });
  return { client, national };
};

/** Picks an option of the dialog's MUI select labelled `label`. */
const choose = async (page: Page, label: RegExp, option: string | RegExp) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option }).click();
  await listbox.waitFor({ state: 'detached' });
};

const cashOf = async (headers: Headers, date: string, location: number) => {
  const report = await api<{
    locations: { location: number; by_payment_method: { key: string; total: string }[] }[];
  }>(headers, `/reports/get-daily-sales-report/?date=${date}`);
  const row = report.locations.find((l) => l.location === location);
  return Math.round(Number(row?.by_payment_method.find((m) => m.key === 'cash')?.total ?? '0') * 100);
};

describe('the front desk serves walk-ins and clients of other branches', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('a receptionist finds a client of another branch by phone and logs an arrival that redeems their voucher', async () => {
    const desk = await demoDesk();
    const { client, national } = await newClient(desk.headers, desk.far.id, 'Corazon');
    // Setup: the client bought a voucher at their home branch.
    const treatment = desk.treatments[0]!;
    const farSeller = (
      await api<{ results: Named[] }>(
        desk.headers,
        `/salespersons/?pageSize=500&is_active=true&location=${desk.far.id}`,
      )
    ).results[0]!;
    const voucher = await api<{ code: string }>(desk.headers, '/clients/treatments/', {
      method: 'POST',
      body: {
        client: client.id,
        treatment: treatment.id,
        sessions: 3,
        location: desk.far.id,
        salesperson: farSeller.id,
        payment_method: 'cash',
        terminal: await terminalAt(desk.headers, desk.far.id),
      },
    });

    const session = await openPage(browser, 390, 844);
    const { page } = session;
    await signIn(page, 'receptionist');
    await page
      .getByLabel('Find a client')
      .fill(`0${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`);
    const found = page.getByRole('list', { name: 'Clients found' });
    await found.getByText(desk.far.name, { exact: false }).waitFor();
    await found.getByRole('button', { name: `Log arrival for ${client.full_name}` }).click();
    // A visit now is the floor's Assign next (decision 0914); an earlier one is the arrival card.
    await page.getByRole('button', { name: 'Log a visit that began earlier' }).click();
    // Served at the receptionist's own branch; the voucher's treatment is listed first.
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('combobox', { name: /^Location/ })
      .filter({ hasText: desk.home.name })
      .waitFor();
    // An hour ago: the floor's tests may have the therapist in a service now (decision 0909).
    await choose(page, /^Time/, anHourEarlier());
    await choose(page, /^Treatment/, `${treatment.name} · voucher, 3 sessions left`);
    await choose(page, /^Therapist/, desk.therapist.full_name);
    assert.equal(await dialog.getByRole('radio', { name: new RegExp(`Voucher ${voucher.code}`) }).isChecked(), true);
    await dialog.getByRole('button', { name: 'Log arrival' }).click();
    await page.getByText(`Arrival logged; one session of ${voucher.code} used.`).waitFor();

    const vouchers = await api<{ results: { code: string; sessions_remaining: number }[] }>(
      desk.headers,
      `/clients/treatments/?client=${client.id}`,
    );
    assert.equal(vouchers.results.find((v) => v.code === voucher.code)?.sessions_remaining, 2);
    const arrivals = await api<{ results: { location: number }[] }>(
      desk.headers,
      `/clients/arrivals/?client=${client.id}`,
    );
    assert.deepEqual(
      arrivals.results.map((a) => a.location),
      [desk.home.id],
    );
    assert.deepEqual(session.errors, []);
    await session.context.close();
  });

  it('a receptionist adds a new client from a search that found nothing and lands on their record', async () => {
    const desk = await demoDesk();
    const last = `Nuevo${String(Date.now()).slice(-6)}`;
    const session = await openPage(browser, 1280, 800);
    const { page } = session;
    await signIn(page, 'receptionist');
    await page.getByLabel('Find a client').fill(`Perla ${last}`);
    await page.getByText(`No client matches “Perla ${last}”.`).waitFor();
    await page.getByRole('button', { name: 'New client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New client' });
    // Prefilled from the search; home is the receptionist's branch.
    assert.equal(await dialog.getByLabel(/^First name/).inputValue(), 'Perla');
    assert.equal(await dialog.getByLabel(/^Last name/).inputValue(), last);
    await dialog
      .getByRole('combobox', { name: /^Home location/ })
      .filter({ hasText: desk.home.name })
      .waitFor();
    const mobile = `0998${String(Date.now()).slice(-7)}`;
    await dialog.getByLabel(/^Mobile/).fill(mobile);
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await page.getByRole('heading', { level: 1, name: `Perla ${last}` }).waitFor();
    assert.match(pathOf(page), /^\/clients\/\d+$/);
    // The empty search box now offers them among the recent clients.
    await page.goto('/clients');
    await page.getByRole('list', { name: 'Recent clients' }).getByText(`Perla ${last}`).waitFor();
    assert.deepEqual(session.errors, []);
    await session.context.close();
  });

  it('a walk-in paid in cash is logged at the desk and moves the day’s cash total by the net', async () => {
    const desk = await demoDesk();
    const { client, national } = await newClient(desk.headers, desk.home.id, 'Remedios');
    const treatment = desk.treatments[desk.treatments.length - 1]!;
    const today = manilaToday();
    const before = await cashOf(desk.headers, today, desk.home.id);

    const session = await openPage(browser, 1280, 800);
    const { page } = session;
    await signIn(page, 'receptionist');
    await page.getByLabel('Find a client').fill(national);
    await page.getByRole('button', { name: `Log arrival for ${client.full_name}` }).click();
    await page.getByRole('button', { name: 'Log a visit that began earlier' }).click();
    const dialog = page.getByRole('dialog');
    // A visit logged for an earlier time is the record of a visit paid at the desk (a visit now is
    // paid at checkout, decision 0910): the slot an hour before now's.
    await choose(page, /^Time/, anHourEarlier());
    await choose(page, /^Treatment/, new RegExp(`^${treatment.name} · `));
    await choose(page, /^Therapist/, desk.therapist.full_name);
    await choose(page, /^Salesperson/, desk.salesperson.full_name);
    // Cash is the default; the price is the catalogue's, less a discount, net shown live.
    await dialog.getByLabel('Discount (₱)').fill('100');
    const net = Math.round(Number(treatment.price) * 100) - 10000;
    const peso = `₱${(net / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;
    await dialog.getByText(`Net to collect: ${peso}`).waitFor();
    await dialog.getByRole('button', { name: 'Log arrival' }).click();
    await page.getByText(`Arrival logged and ${peso} cash recorded for ${client.full_name}.`).waitFor();

    assert.equal(await cashOf(desk.headers, today, desk.home.id), before + net);
    assert.deepEqual(session.errors, []);
    await session.context.close();
  });
});
