import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SCREENS, type Screen } from '../src/app/screens';
import { BASE_URL, adminApiHeaders, launchBrowser, manilaToday, passwordOf, type Session, signIn } from './helpers';

// axe-core runs inside the page (docs/decisions/0620-accessibility-tables-offline.md): every screen of
// the screens manifest (app/screens.ts), as every role that may open it (decision 0629), at desktop
// and phone widths, has no serious or critical violation.
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

type Person = {
  username: string;
  groups: string[];
  get: <T>(path: string) => Promise<T>;
  /** Where their ids come from: their first branch (an Admin's: the first branch). */
  location: number;
  client: number;
};

/** Memoised per branch: the pay run of the past cutoff and an employee it pays (computed once per run). */
const payRuns = new Map<number, Promise<{ run: number; employee: number }>>();
const payRun = (location: number) => {
  if (!payRuns.has(location)) payRuns.set(location, payRunOf(location));
  return payRuns.get(location)!;
};

/** A pay run screen's views: the list, the rules, a run, one employee's lines in it. */
const payrollViews = async (base: string, person: Person) => {
  const { run, employee } = await payRun(person.location);
  return [base, `${base}?tab=rules`, `${base}?run=${run}`, `${base}?run=${run}&employee=${employee}`];
};

/** The reports screen's tabs, each with what it opens on (the leaderboard's amounts link to lines). */
const reportViews = (base: string, person: Person) => [
  base,
  `${base}?tab=lines&date=${manilaToday()}&location=${person.location}`,
  `${base}?tab=locations`,
  `${base}?tab=leaderboard`,
];

/**
 * How to open each screen of the manifest (app/screens.ts) with real ids, and the views of a
 * screen that hide behind its tabs. A screen with no entry here opens at its own path; a path with
 * parameters and no entry fails the suite, so a new screen cannot be left out (decision 0629).
 */
const VIEWS: Record<string, (person: Person) => Promise<string[]> | string[]> = {
  '/clients/:clientId': (p) => [`/clients/${p.client}`],
  '/admin/clients/:clientId': (p) => [`/admin/clients/${p.client}`],
  '/reports/daily/:location/:date': (p) => [`/reports/daily/${p.location}/${manilaToday()}`],
  '/reports': (p) => reportViews('/reports', p),
  '/admin/reports': (p) => reportViews('/admin/reports', p),
  '/payroll': (p) => payrollViews('/payroll', p),
  '/admin/payroll': (p) => payrollViews('/admin/payroll', p),
  '/payroll/runs/:runId': async (p) => [`/payroll/runs/${(await payRun(p.location)).run}`],
  '/admin/payroll/runs/:runId': async (p) => [`/admin/payroll/runs/${(await payRun(p.location)).run}`],
  '/payroll/runs/:runId/statement/:employeeId': async (p) => {
    const { run, employee } = await payRun(p.location);
    return [`/payroll/runs/${run}/statement/${employee}`];
  },
  '/admin/services/memberships/:membershipId': async (p) => {
    const [membership] = (await p.get<Page1<{ id: number }>>('services/memberships/')).results;
    assert.ok(membership, 'the demo data has no membership');
    return [`/admin/services/memberships/${membership.id}`];
  },
};

/** Whether the manifest lets this person open the screen: admin-only ones for Admins, `openedBy` to its groups and Admins. */
const opens = (screen: Screen, groups: string[]) => {
  const admin = groups.includes('Admin');
  if (screen.adminOnly) return admin;
  return admin || !screen.openedBy || screen.openedBy.some((g) => groups.includes(g));
};

/** Every signed-in route this person can open, derived from the screens manifest, with real ids. */
const routesOf = async (username: string): Promise<string[]> => {
  const get = await apiAs(username);
  const me = await get<{ groups: string[]; locations: { id: number }[] }>('users/my_data/');
  const [client] = (await get<Page1<{ id: number }>>('clients/?page_size=1')).results;
  assert.ok(client, `${username} sees no client`);
  const [first] = (await get<Page1<{ id: number }>>('locations/')).results;
  const location = me.locations[0]?.id ?? first?.id;
  assert.ok(location, `${username} has no branch to open`);
  const person: Person = { username, groups: me.groups, get, location, client: client.id };
  const routes: string[] = [];
  for (const screen of SCREENS) {
    if (!opens(screen, me.groups)) continue;
    const views = VIEWS[screen.path];
    if (views) routes.push(...(await views(person)));
    else {
      assert.ok(!screen.path.includes(':'), `${screen.path}: say in VIEWS how to open it with real ids`);
      routes.push(screen.path);
    }
  }
  return routes;
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

  it('opens every screen of the manifest as at least one role', async () => {
    const groups = [['Admin'], ['Manager'], ['Receptionist'], ['Therapist'], ['Salesperson']];
    for (const screen of SCREENS)
      assert.ok(
        groups.some((g) => opens(screen, g)),
        `${screen.path} is opened by no role`,
      );
    const derived = await routesOf('manager');
    for (const route of ['/reports?tab=leaderboard', '/floor/rooms', '/payroll?tab=rules'])
      assert.ok(derived.includes(route), `${route} is left out of the manager's pass`);
    assert.ok(!derived.some((route) => route.startsWith('/admin/')), 'a Manager opens no admin screen');
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
