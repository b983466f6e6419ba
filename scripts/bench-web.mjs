// npm run bench:web: what a phone pays to see the sign-in form, and how fast `npm start` is up.
// - JS (gzip bytes on the wire) loaded before the login form paints, and first contentful paint
//   of /login in headless Chromium, beside the floor: a static HTML page from the same server.
// - `npm start` to healthy on an existing embedded database, beside the floor: a bare Fastify
//   route started the same way.
// - /dashboard after sign-in (issue 13), as the demo salesperson: JS (gzip bytes on the wire)
//   loaded from pressing "Sign in" until the dashboard's figures are on screen, and that time
//   (pressing to the "This month" figure laid out, in the page), median of 5.
// - The receptionist's first screens (issue 35): sign-in pressed → the dashboard's tiles drawn
//   (none still loading), /floor from a cold cache (a new browser context, signed in) → the
//   rotation drawn, and the sign-in form, each beside a static page's FCP in the same round; and
//   sign-in → tiles once more with the name and password typed key by key, as a person does.
// Every figure is taken in --rounds rounds (default 5), interleaved, the order rotating each round,
// printed min / median / max with the load average before and after. Ports: BENCH_PORT and the next.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { arg, fmtSpread, loadAverage, nextBenchPort, spread3 } from './bench-args.mjs';

/* global window, document, requestAnimationFrame, MutationObserver, Element -- used inside functions run in the page */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = nextBenchPort();
const FLOOR_PORT = nextBenchPort();
const ROUNDS = Number(arg('rounds', '5'));
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-web-'));
const DEMO_PASSWORD = 'bench-demo-passphrase';
// Demo data so the salesperson's dashboard has figures to show (seeded on the first, unmeasured start).
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-passphrase',
  DEMO_PASSWORD,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const startAndTime = async (args, url) => {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms: performance.now() - t0, child };
};
const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

// First start creates the database and builds what is stale; not measured.
let { child } = await startAndTime(['scripts/start.mjs'], `${base}/api/health/`);
// Whatever happens below (no Chromium, a failed page), the server started last does not outlive us.
process.on('exit', () => child.kill('SIGTERM'));
await stop(child);

const startTimes = [];
for (let i = 0; i < 3; i += 1) {
  const run = await startAndTime(['scripts/start.mjs'], `${base}/api/health/`);
  startTimes.push(run.ms);
  if (i < 2) await stop(run.child);
  else child = run.child;
}

const floorFile = path.join(dataDir, 'bare.mjs');
fs.writeFileSync(
  floorFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}'; const app = Fastify(); app.get('/h', async () => ({ ok: true })); await app.listen({ port: ${FLOOR_PORT}, host: '127.0.0.1' });`,
);
const floorTimes = [];
for (let i = 0; i < 3; i += 1) {
  const run = await startAndTime([floorFile], `http://127.0.0.1:${FLOOR_PORT}/h`);
  floorTimes.push(run.ms);
  await stop(run.child);
}

// A bare page from the same origin for the paint floor.
fs.writeFileSync(
  path.join(root, 'apps/web/dist/bench-floor.html'),
  '<!doctype html><html><body><h1>Ginhawa</h1></body></html>',
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const measure = async (url, readySelector) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const sizes = new Map();
  cdp.on('Network.responseReceived', (e) => sizes.set(e.requestId, { url: e.response.url, type: e.type }));
  let jsBytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    const r = sizes.get(e.requestId);
    if (r && r.type === 'Script') jsBytes += e.encodedDataLength;
  });
  // In the page: the first animation frame after the ready element is laid out (what the person
  // sees), free of the harness's own polling and round trips, which `seen` below includes.
  await page.addInitScript((selector) => {
    const check = () => {
      const el = document.querySelector(selector);
      if (!el || el.getBoundingClientRect().height === 0) return false;
      requestAnimationFrame(() => {
        window.__readyAt ??= performance.now();
      });
      return true;
    };
    new MutationObserver((_, observer) => {
      if (check()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, readySelector);
  await page.goto(url);
  await page.locator(readySelector).waitFor();
  const { fcp, ready, seen } = await page.evaluate(async () => {
    const seenAt = performance.now();
    while (window.__readyAt === undefined) await new Promise((r) => requestAnimationFrame(r));
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      ready: window.__readyAt,
      seen: seenAt,
    };
  });
  await context.close();
  return { fcp, ready, seen, jsBytes };
};

/**
 * Signs in as `username` from /login and times, in the page, the press of "Sign in" to the first
 * frame after `selector` is laid out (with text) and nothing on the page is still loading
 * (`aria-busy`); scripts are counted from that press on (the login bundle before it is the first
 * measurement's). With `path`, the same from a cold cache: a new context signed in over the API,
 * then `path` opened, timed from navigation start.
 */
const FIGURE = '[data-testid="figure-This month"]';
const measureSignIn = async ({ username, selector, path: coldPath, keyDelay }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type }));
  let counting = false;
  const scripts = [];
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (counting && r && r.type === 'Script') scripts.push({ url: r.url, bytes: e.encodedDataLength });
  });
  await page.addInitScript((selector) => {
    document.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('button[type="submit"]'))
          window.__pressedAt ??= performance.now();
      },
      true,
    );
    const check = () => {
      const el = document.querySelector(selector);
      if (!el || el.getBoundingClientRect().height === 0 || !el.textContent) return false;
      if (document.querySelector('[aria-busy="true"]')) return false;
      requestAnimationFrame(() => {
        window.__readyAt ??= performance.now();
      });
      return true;
    };
    new MutationObserver((_, observer) => {
      if (check()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, selector);
  if (coldPath) {
    const login = await context.request.post(`${base}/api/users/login/`, {
      data: { username, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`login ${username}: ${login.status()}`);
    counting = true;
    await page.goto(`${base}${coldPath}`);
  } else {
    await page.goto(`${base}/login`);
    await page.locator('input[name="password"]').waitFor();
    if (keyDelay) {
      // A person's pace: the page sees each key, as it does a person typing.
      await page.locator('input[name="username"]').pressSequentially(username, { delay: keyDelay });
      await page.locator('input[name="password"]').pressSequentially(DEMO_PASSWORD, { delay: keyDelay });
    } else {
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    }
    counting = true;
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  const { pressed, ready } = await page.evaluate(async () => {
    while (window.__readyAt === undefined) await new Promise((r) => requestAnimationFrame(r));
    return { pressed: window.__pressedAt ?? 0, ready: window.__readyAt };
  });
  await context.close();
  return { ms: ready - pressed, jsBytes: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
};
const measureDashboard = () => measureSignIn({ username: 'salesperson', selector: FIGURE });
/** The receptionist's dashboard: its tiles are "Arrivals at … today" and the end of day. */
const DESK_TILE = 'section[aria-label^="Arrivals at"], [aria-label^="Arrivals at"]';
const measureDesk = () => measureSignIn({ username: 'receptionist', selector: DESK_TILE });
/** The same, the name and password typed at KEY_DELAY_MS a key rather than filled in at once. */
const KEY_DELAY_MS = 60;
const measureDeskTyped = () => measureSignIn({ username: 'receptionist', selector: DESK_TILE, keyDelay: KEY_DELAY_MS });
const measureFloorCold = () =>
  measureSignIn({ username: 'receptionist', selector: '[aria-label="Rotation"]', path: '/floor' });

const logins = [];
const floors = [];
const dashboards = [];
const desks = [];
const desksTyped = [];
const floorColds = [];
const steps = [
  async () => logins.push(await measure(`${base}/login`, 'input[name="password"]')),
  async () => floors.push(await measure(`${base}/bench-floor.html`, 'h1')),
  async () => dashboards.push(await measureDashboard()),
  async () => desks.push(await measureDesk()),
  async () => floorColds.push(await measureFloorCold()),
  async () => desksTyped.push(await measureDeskTyped()),
];
// A warm-up round, untimed: the server's first requests compile its code.
await measure(`${base}/login`, 'input[name="password"]');
await measureDesk();
const loadBefore = loadAverage();
for (let r = 0; r < ROUNDS; r += 1) for (let k = 0; k < steps.length; k += 1) await steps[(k + r) % steps.length]();
const loadAfter = loadAverage();
await browser.close();
fs.rmSync(path.join(root, 'apps/web/dist/bench-floor.html'));
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `JS before the login form paints: ${(median(logins.map((l) => l.jsBytes)) / 1024).toFixed(1)} KB on the wire (budget ≤ 150 KB gzip)`,
);
console.log(
  `first contentful paint of /login: median ${median(logins.map((l) => l.fcp)).toFixed(0)} ms of ${ROUNDS} (floor, static page: ${median(floors.map((f) => f.fcp)).toFixed(0)} ms; budget ≤ 400 ms)`,
);
console.log(
  `sign-in form on screen (password field laid out, next frame, in the page): median ${median(logins.map((l) => l.ready)).toFixed(0)} ms of ${ROUNDS} (budget ≤ 450 ms; as the harness sees it, with its polling: ${median(logins.map((l) => l.seen)).toFixed(0)} ms)`,
);
const dashboardJs = median(dashboards.map((d) => d.jsBytes));
console.log(
  `JS loaded from pressing Sign in to the dashboard's figures: ${(dashboardJs / 1024).toFixed(1)} KB on the wire (with the login's: ${((dashboardJs + median(logins.map((l) => l.jsBytes))) / 1024).toFixed(1)} KB)`,
);
const heaviest = [...dashboards[0].scripts].sort((a, b) => b.bytes - a.bytes).slice(0, 4);
console.log(
  `  heaviest: ${heaviest.map((s) => `${path.basename(new URL(s.url).pathname)} ${(s.bytes / 1024).toFixed(1)} KB`).join(', ')}`,
);
console.log(
  `sign-in pressed to the dashboard's "This month" figure on screen: median ${median(dashboards.map((d) => d.ms)).toFixed(0)} ms of ${ROUNDS} (range ${Math.min(...dashboards.map((d) => d.ms)).toFixed(0)}–${Math.max(...dashboards.map((d) => d.ms)).toFixed(0)} ms)`,
);
const staticFcp = floors.map((f) => f.fcp);
const perRound = (xs) => fmtSpread(spread3(xs.map((x, i) => x / staticFcp[i])), 2, '×');
console.log(
  `receptionist (issue 35), ${ROUNDS} interleaved rounds, min / median / max; static page FCP ${fmtSpread(spread3(staticFcp), 0)}:`,
);
console.log(
  `  sign-in form on screen        ${fmtSpread(spread3(logins.map((l) => l.ready)), 0)}  → ${perRound(logins.map((l) => l.ready))} the static FCP (goal ≤ 2.5×)`,
);
console.log(
  `  sign-in → dashboard tiles     ${fmtSpread(spread3(desks.map((d) => d.ms)), 0)}  → ${perRound(desks.map((d) => d.ms))} (goal ≤ 5×); JS ${(spread3(desks.map((d) => d.jsBytes)).median / 1024).toFixed(1)} KB`,
);
console.log(
  `  the same, typed at ${KEY_DELAY_MS} ms a key ${fmtSpread(spread3(desksTyped.map((d) => d.ms)), 0)}  → ${perRound(desksTyped.map((d) => d.ms))} (what a person typing meets; the goal's figure is the line above)`,
);
console.log(
  `  /floor from a cold cache      ${fmtSpread(spread3(floorColds.map((d) => d.ms)), 0)}  → ${perRound(floorColds.map((d) => d.ms))} (goal ≤ 6×); JS ${(spread3(floorColds.map((d) => d.jsBytes)).median / 1024).toFixed(1)} KB`,
);
console.log(`load average ${loadBefore} before, ${loadAfter} after (${os.cpus().length} CPUs, shared)`);
console.log(
  `npm start to healthy, built, embedded database: median ${(median(startTimes) / 1000).toFixed(2)} s of 3 (floor, bare Fastify: ${(median(floorTimes) / 1000).toFixed(2)} s; budget ≤ 5 s)`,
);
process.exit(0);
