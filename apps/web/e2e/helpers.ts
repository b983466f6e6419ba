/// <reference types="node" />
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BUSINESS_TIME_ZONE, manilaDateTime, todayInManila } from '@ginhawa/contract';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8000';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'admin-pass-12345';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-pass-12345';

export const passwordOf = (username: string) => (username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

export type Session = { context: BrowserContext; page: Page; errors: string[] };

/** A page of `context` with the journeys' wait, its page errors collected. */
const sessionOf = async (context: BrowserContext): Promise<Session> => {
  await context.addInitScript({ content: RECORD_ALERTS });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

// Every alert's text as it was shown, in the order shown, kept by the page (`waitForToast`). A
// string, so the page runs it as written (tsx's helper names are not defined there).
const RECORD_ALERTS = `
  window.__alertsSeen = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[role="alert"]')) {
      const text = (el.textContent || '').trim();
      const shown = el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
      if (text && shown && window.__alertsSeen.at(-1) !== text) window.__alertsSeen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style', 'class'] });
`;

/**
 * Waits until an alert containing `text` has been on screen since the page loaded: a toast hides
 * after 4 s, and on a busy machine a check that polls for it can come after it has gone. On a
 * timeout the error lists the alerts that were shown, so a refusal names itself.
 */
export const waitForToast = async (page: Page, text: string, timeout = 15_000) => {
  try {
    await page.waitForFunction(
      (wanted) =>
        ((window as unknown as { __alertsSeen?: string[] }).__alertsSeen ?? []).some((seen) => seen.includes(wanted)),
      text,
      { timeout },
    );
  } catch (err) {
    const seen = await page
      .evaluate(() => (window as unknown as { __alertsSeen?: string[] }).__alertsSeen ?? [])
      .catch(() => []);
    throw new Error(`No alert saying "${text}" within ${timeout} ms; alerts shown: ${JSON.stringify(seen)}`, {
      cause: err,
    });
  }
};

/** A fresh browser context (its own cookies) at the given window width; page errors are collected. */
export const openPage = (browser: Browser, width = 1280, height = 800): Promise<Session> =>
  browser.newContext({ viewport: { width, height }, baseURL: BASE_URL }).then(sessionOf);

/** A phone: 390 × 844, touch, a mobile viewport; its own cookies; page errors collected. */
export const openPhone = (browser: Browser): Promise<Session> =>
  browser
    .newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL, hasTouch: true, isMobile: true })
    .then(sessionOf);

export const fillSignIn = async (page: Page, username: string, password = passwordOf(username)) => {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/**
 * The demo issues invoices (decision 1014): a desk device names its terminal (decision 1010). A
 * device without one is given the first active terminal of the person's first branch (any branch
 * for someone who works at none), as the header chip would; a journey at another branch's desk
 * chooses in the dialog.
 */
export const pickTerminal = (page: Page) =>
  page.evaluate(async () => {
    // No function inside: the page runs this as it is (tsx's helper names are not defined there).
    if (window.localStorage.getItem('ginhawa.terminal')) return;
    const me = (await (await fetch('/api/users/my_data/', { credentials: 'include' })).json()) as {
      locations: { id: number }[];
    };
    const at = me.locations[0] ? `&location=${me.locations[0].id}` : '';
    const list = (await (
      await fetch(`/api/invoicing/terminals/?is_active=true&ordering=id&pageSize=500${at}`, { credentials: 'include' })
    ).json()) as { results?: { id: number; name: string; location: number; location_name: string }[] };
    const t = list.results?.[0];
    if (t)
      window.localStorage.setItem(
        'ginhawa.terminal',
        JSON.stringify({ id: t.id, name: t.name, location: t.location, location_name: t.location_name }),
      );
  });

/** Signs in from /login, waits for the dashboard's greeting, and gives the device its terminal. */
export const signIn = async (page: Page, username: string, password = passwordOf(username)) => {
  await page.goto('/login');
  await fillSignIn(page, username, password);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / }).waitFor();
  await pickTerminal(page);
};

/** The first active terminal of a branch, for a journey that sells through the API (invoicing is on). */
export const terminalAt = async (headers: Record<string, string>, location: number): Promise<number> => {
  const res = await fetch(`${BASE_URL}/api/invoicing/terminals/?is_active=true&ordering=id&location=${location}`, {
    headers,
  });
  assert.equal(res.status, 200);
  const { results } = (await res.json()) as { results: { id: number }[] };
  assert.ok(results[0], `no active terminal at location ${location}`);
  return results[0].id;
};

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

export const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return box;
};

/** Signs in over HTTP and answers the headers of an API write (JSON, session cookie, CSRF token): journeys set up data as another person would. */
export const apiHeadersOf = async (username: string, password: string) => {
  const login = await fetch(`${BASE_URL}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  assert.equal(login.status, 200);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))!.slice('csrftoken='.length);
  return { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrftoken': csrf };
};

/** The admin's API headers. */
export const adminApiHeaders = () => apiHeadersOf('admin', ADMIN_PASSWORD);

/** Today in Manila as YYYY-MM-DD, the day the server files sales and reports under. */
export const manilaToday = () => todayInManila();

/** "2026-11-20" → "20 Nov 2026", as the screens and notices write a day. */
export const inWords = (date: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-PH', { timeZone: BUSINESS_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .map((part) => [part.type, part.value]),
  );
  return `${p.day} ${p.month} ${p.year}`;
};

/** The signed-in person of a page, as /api/users/my_data/ answers (the fields the journeys read). */
export const myData = (page: Page) =>
  page.evaluate(
    async () =>
      (await fetch('/api/users/my_data/', { credentials: 'include' })).json() as Promise<{
        id: number;
        locations: { id: number; name: string }[];
      }>,
  );

/**
 * The 15-minute slot an hour before now's, Manila time ("13:15"): a visit logged for it is the
 * record of a visit already over, paid at the desk, that books no one on the floor (a visit now
 * opens a tab and takes its therapist, decisions 0909 and 0910).
 */
export const anHourEarlier = () => {
  const [h, m] = manilaDateTime(new Date()).time.split(':').map(Number);
  const earlier = Math.max(0, Math.floor((h! * 60 + m!) / 15) * 15 - 60);
  return `${String(Math.floor(earlier / 60)).padStart(2, '0')}:${String(earlier % 60).padStart(2, '0')}`;
};

/** Picks an option of the open dialog's MUI select labelled `label` (its text, or the first one) and answers the option's text. */
export const choose = async (page: Page, label: RegExp, option?: string | RegExp) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  const item = option ? listbox.getByRole('option', { name: option }) : listbox.getByRole('option').first();
  const text = (await item.textContent()) ?? '';
  await item.click();
  await listbox.waitFor({ state: 'detached' });
  return text;
};

export type ApiHeaders = Awaited<ReturnType<typeof adminApiHeaders>>;

/** An API call as `headers`' person: the status and the parsed body. */
export const apiCall = async <T>(headers: ApiHeaders, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, data: JSON.parse((await res.text()) || 'null') as T };
};

/** An API call that must succeed (2xx): its body. */
export const apiOk = async <T>(headers: ApiHeaders, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await apiCall<T>(headers, path, init);
  assert.ok(res.status < 300, `${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data;
};

/**
 * A therapist hired today at `location` and clocked in there: free now at any hour, where a demo
 * therapist may be booked (the demo books every day, decision 0902). `first` names the journey.
 */
export const aFreeTherapist = async (headers: ApiHeaders, location: number, first: string) => {
  const therapist = await apiOk<{ id: number; full_name: string; username: string | null; location: number }>(
    headers,
    '/therapists/',
    {
      method: 'POST',
      body: { first_name: first, last_name: `Free ${Date.now() % 1_000_000}`, location, hire_date: manilaToday() },
    },
  );
  await apiOk(headers, '/floor/shifts/clock-in/', { method: 'POST', body: { employee: therapist.id, location } });
  return therapist;
};

/**
 * A Manager of `location` only, with a login whose password they chose (an Admin's is to be changed
 * first, decision 0017): a journey at a branch it made runs as that branch's own Manager.
 */
export const aManagerOf = async (headers: ApiHeaders, location: number) => {
  const username = `manager.e2e${Date.now() % 1_000_000}`;
  const given = 'given by the admin 12345';
  const password = 'my own closing evening';
  const user = await apiOk<{ id: number }>(headers, '/users/', {
    method: 'POST',
    body: {
      username,
      first_name: 'Manda',
      last_name: 'Sara',
      groups: ['Manager'],
      locations: [location],
      password: given,
    },
  });
  await apiOk(await apiHeadersOf(username, given), `/users/${user.id}/update_password/`, {
    method: 'POST',
    body: { old_password: given, new_password: password },
  });
  return { username, password };
};

/**
 * A branch of the journey's own, open 00:00–23:45 with its BIR facts and one terminal: a journey that
 * closes a day (a Z reading, a submitted report) closes no demo branch the files after it use.
 */
export const aBranchOfItsOwn = async (headers: ApiHeaders, name: string) => {
  const branch = await apiOk<{ id: number; name: string }>(headers, '/locations/', {
    method: 'POST',
    body: {
      name: `${name} ${Date.now() % 1_000_000}`,
      opening_time: '00:00',
      closing_time: '23:45',
      branch_code: '00077',
      registered_address: '7 Examiner Street, Pasig City',
    },
  });
  const terminal = await apiOk<{ id: number; name: string; location: number; location_name: string }>(
    headers,
    '/invoicing/terminals/',
    { method: 'POST', body: { location: branch.id, name: 'Front desk 1' } },
  );
  return { branch, terminal };
};

/** A salesperson hired today at `location`. */
export const aSalespersonAt = (headers: ApiHeaders, location: number) =>
  apiOk<{ id: number; full_name: string }>(headers, '/salespersons/', {
    method: 'POST',
    body: { first_name: 'Benta', last_name: `Tinda ${Date.now() % 1_000_000}`, location, hire_date: manilaToday() },
  });

/**
 * Switches the demo's invoicing (back) on (decision 1014). Switching on needs every active branch to
 * have a branch code, a registered address and an active terminal: a branch another journey added
 * gets made-up ones first, so the files after run as the demo does.
 */
export const invoicingBackOn = async (headers: ApiHeaders) => {
  const branches = await apiOk<{ results: { id: number; branch_code: string; registered_address: string }[] }>(
    headers,
    '/locations/?is_active=true&pageSize=500',
  );
  const desks = await apiOk<{ results: { location: number }[] }>(
    headers,
    '/invoicing/terminals/?is_active=true&pageSize=500',
  );
  for (const branch of branches.results) {
    if (!branch.branch_code || !branch.registered_address)
      await apiOk(headers, `/locations/${branch.id}/`, {
        method: 'PATCH',
        body: {
          branch_code: branch.branch_code || '09999',
          registered_address: branch.registered_address || 'E2E Street, Makati City',
        },
      });
    if (!desks.results.some((d) => d.location === branch.id))
      await apiOk(headers, '/invoicing/terminals/', {
        method: 'POST',
        body: { location: branch.id, name: 'Front desk 1' },
      });
  }
  await apiOk(headers, '/invoicing/profile/', { method: 'PATCH', body: { invoicing: 'on' } });
};

/** "1500.00" → 150000 centavos, so a journey's own sums are exact too; and back as "₱1,500.00". */
export const centavos = (money: string) => Math.round(Number(money) * 100);
export const peso = (c: number) =>
  `₱${new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100)}`;
