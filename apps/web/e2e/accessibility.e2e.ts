import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, adminApiHeaders, launchBrowser, manilaToday, passwordOf, type Session, signIn } from './helpers';

// axe-core runs inside the page (docs/decisions/0620-accessibility-tables-offline.md): every signed-in
// screen of every role with screens of its own, at desktop and phone widths, has no serious or
// critical violation.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [1280, 390] as const;
const BLOCKING = new Set(['serious', 'critical']);

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
type Finding = { where: string; violation: Violation };

/** Runs axe on what the page shows now; answers its serious and critical violations. */
const axeViolations = async (page: Page, context = 'body'): Promise<Violation[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document.querySelector(selector), { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(result.violations)) as Violation[];
  }, context);
  return violations.filter((v) => BLOCKING.has(v.impact ?? ''));
};

const describeFinding = ({ where, violation }: Finding) =>
  `${where}: ${violation.id} (${violation.impact}) ${violation.help}\n${violation.nodes
    .map((node) => `    ${JSON.stringify(node.target)}`)
    .join('\n')}`;

/** Fails with every finding spelled out (assert's diff would cut them short). */
const assertNone = (findings: Finding[]) => {
  if (findings.length) assert.fail(`${findings.length} axe violations:\n${findings.map(describeFinding).join('\n')}`);
};

/** Waits until the screen has its heading and nothing is loading any more. */
const settle = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root'),
  );
};

/** Waits until the open dialog has faded in: mid-transition its text is translucent, and axe measures contrast on it. */
const faded = (page: Page) =>
  page.waitForFunction(() => {
    const container = document.querySelector('[role="dialog"]')?.closest('.MuiDialog-container');
    return container !== null && container !== undefined && getComputedStyle(container).opacity === '1';
  });

/** A person's session over HTTP: what the API lets them see gives the ids of the detail screens. */
const apiAs = async (username: string) => {
  const login = await fetch(`${BASE_URL}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: passwordOf(username) }),
  });
  assert.equal(login.status, 200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${BASE_URL}/api/${path}`, { headers: { cookie } });
    assert.equal(response.status, 200, path);
    return (await response.json()) as T;
  };
};

/** Like helpers' openPage, with the panel's Content-Security-Policy bypassed so axe's script tag may run. */
const openPage = async (browser: Browser, width: number, height = 844): Promise<Session> => {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: BASE_URL, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

type Page1<T> = { results: T[] };

/** The cutoff before today's (Manila): today's is the pay-run journey's to compute and submit. */
const pastCutoff = () => {
  const [year, month, day] = manilaToday().split('-').map(Number) as [number, number, number];
  if (day > 15) return { year, month, cutoff: 1 };
  return month === 1 ? { year: year - 1, month: 12, cutoff: 2 } : { year, month: month - 1, cutoff: 2 };
};

/**
 * A branch's pay run to look at: the past cutoff's draft, computed through the API (computing it
 * again while it is a draft is allowed, so each role's pass may ask), with an employee it pays.
 */
const payRunOf = async (location: number) => {
  const response = await fetch(`${BASE_URL}/api/payroll/runs/`, {
    method: 'POST',
    headers: await adminApiHeaders(),
    body: JSON.stringify({ location, ...pastCutoff() }),
  });
  const text = await response.text();
  assert.ok([200, 201].includes(response.status), text);
  const run = JSON.parse(text) as { id: number; employees: { employee: number }[] };
  assert.ok(run.employees[0], `the pay run of location ${location} pays no one`);
  return { run: run.id, employee: run.employees[0].employee };
};

/** A pay run's screen, one employee's lines in it, and that employee's printable statement. */
const payRunRoutes = async (payroll: string, location: number) => {
  const { run, employee } = await payRunOf(location);
  return [
    `${payroll}?run=${run}`,
    `${payroll}?run=${run}&employee=${employee}`,
    `/payroll/runs/${run}/statement/${employee}`,
  ];
};

/** Every signed-in route this person can open, with real ids in the detail routes. */
const routesOf = async (username: string): Promise<string[]> => {
  const get = await apiAs(username);
  const [client] = (await get<Page1<{ id: number }>>('clients/?page_size=1')).results;
  assert.ok(client, `${username} sees no client`);
  const common = ['/dashboard', '/clients', `/clients/${client.id}`, '/floor', '/notifications', '/profile'];
  if (username === 'manager') {
    const me = await get<{ locations: { id: number }[] }>('users/my_data/');
    return [
      ...common,
      '/floor/rooms',
      '/floor/attendance',
      `/reports/daily/${me.locations[0]!.id}/${manilaToday()}`,
      '/reports',
      `/reports?tab=lines&date=${manilaToday()}&location=${me.locations[0]!.id}`,
      '/reports?tab=locations',
      '/payroll',
      '/payroll?tab=rules',
      ...(await payRunRoutes('/payroll', me.locations[0]!.id)),
    ];
  }
  if (username !== 'admin') return common;
  const [location] = (await get<Page1<{ id: number }>>('locations/')).results;
  const [membership] = (await get<Page1<{ id: number }>>('services/memberships/')).results;
  return [
    ...common,
    `/reports/daily/${location!.id}/${manilaToday()}`,
    '/floor/rooms',
    '/floor/attendance',
    '/admin/menu',
    '/admin/dashboard',
    '/admin/users',
    '/admin/employees',
    '/admin/clients',
    `/admin/clients/${client.id}`,
    '/admin/locations',
    '/admin/services',
    `/admin/services/memberships/${membership!.id}`,
    '/admin/banks',
    '/admin/reports',
    '/admin/payroll',
    '/admin/payroll?tab=rules',
    ...(await payRunRoutes('/admin/payroll', location!.id)),
    '/admin/settings',
  ];
};

describe('accessibility (axe-core, serious and critical)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('finds nothing on the sign-in screen', async () => {
    const findings: Finding[] = [];
    for (const width of WIDTHS) {
      const { page, context } = await openPage(browser, width, 844);
      await page.goto('/login');
      await settle(page);
      for (const violation of await axeViolations(page)) findings.push({ where: `/login @${width}`, violation });
      await context.close();
    }
    assertNone(findings);
  });

  for (const username of ['admin', 'manager', 'receptionist', 'therapist', 'salesperson']) {
    it(`finds nothing on any screen ${username} opens, at 1280 and 390 px`, async () => {
      const routes = await routesOf(username);
      const findings: Finding[] = [];
      for (const width of WIDTHS) {
        const { page, context, errors } = await openPage(browser, width, 844);
        await signIn(page, username);
        for (const route of routes) {
          await page.goto(route);
          await settle(page).catch((error: unknown) => {
            throw new Error(`${route} @${width} did not settle`, { cause: error });
          });
          const violations = await axeViolations(page);
          for (const violation of violations) findings.push({ where: `${username} ${route} @${width}`, violation });
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
      assertNone(findings);
    });
  }

  it('finds nothing in an open create dialog', async () => {
    const findings: Finding[] = [];
    for (const width of WIDTHS) {
      const { page, context } = await openPage(browser, width, 844);
      await signIn(page, 'admin');
      await page.goto('/admin/locations');
      await settle(page);
      await page.getByRole('button', { name: 'New location' }).click();
      await page.getByRole('dialog').waitFor();
      await faded(page);
      for (const violation of await axeViolations(page))
        findings.push({ where: `location dialog @${width}`, violation });
      await context.close();
    }
    assertNone(findings);
  });

  it('moves focus to the heading on sign-in, offers Skip to content first, and opens dialogs in their first field with Save in view', async () => {
    for (const width of WIDTHS) {
      const { page, context } = await openPage(browser, width, 700);
      await signIn(page, 'admin');
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await page.goto('/admin/clients');
      await settle(page);
      const firstStop = await page.evaluate(
        () =>
          document.querySelector<HTMLElement>('a[href], button:not([disabled]), input, [tabindex="0"]')?.textContent,
      );
      assert.equal(firstStop, 'Skip to content');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await skip.focus();
      const box = await skip.boundingBox();
      assert.ok(box && box.y >= 0, 'the skip link shows when focused');
      await page.keyboard.press('Enter');
      assert.equal(await focused(), 'Clients');
      await page.getByRole('button', { name: 'New client' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.waitForFunction(
        () => document.activeElement?.closest('[role="dialog"]') && document.activeElement.tagName === 'INPUT',
      );
      // The form is longer than the window: its content scrolls, its submit and close buttons stay on screen.
      for (const name of ['Add client', 'Close']) {
        const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
        assert.ok(
          box && box.y >= 0 && box.y + box.height <= 700,
          `${name} @${width} is off screen: ${JSON.stringify(box)}`,
        );
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    }
  });
});
