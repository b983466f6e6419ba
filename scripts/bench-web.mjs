// npm run bench:web: what a phone pays to see the sign-in form, and how fast `npm start` is up.
// - JS (gzip bytes on the wire) loaded before the login form paints, and first contentful paint
//   of /login in headless Chromium, beside the floor: a static HTML page from the same server.
// - `npm start` to healthy on an existing embedded database, beside the floor: a bare Fastify
//   route started the same way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/* global window, document, requestAnimationFrame, MutationObserver -- used inside functions run in the page */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-bench-web-'));
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-passphrase', LOG_LEVEL: 'warn' };
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
const stop = (child) => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });

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
fs.writeFileSync(floorFile, `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}'; const app = Fastify(); app.get('/h', async () => ({ ok: true })); await app.listen({ port: ${PORT + 1}, host: '127.0.0.1' });`);
const floorTimes = [];
for (let i = 0; i < 3; i += 1) {
  const run = await startAndTime([floorFile], `http://127.0.0.1:${PORT + 1}/h`);
  floorTimes.push(run.ms);
  await stop(run.child);
}

// A bare page from the same origin for the paint floor.
fs.writeFileSync(path.join(root, 'apps/web/dist/bench-floor.html'), '<!doctype html><html><body><h1>Ginhawa</h1></body></html>');
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
    return { fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, ready: window.__readyAt, seen: seenAt };
  });
  await context.close();
  return { fcp, ready, seen, jsBytes };
};
const logins = [];
const floors = [];
for (let i = 0; i < 5; i += 1) {
  logins.push(await measure(`${base}/login`, 'input[name="password"]'));
  floors.push(await measure(`${base}/bench-floor.html`, 'h1'));
}
await browser.close();
fs.rmSync(path.join(root, 'apps/web/dist/bench-floor.html'));
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`JS before the login form paints: ${(median(logins.map((l) => l.jsBytes)) / 1024).toFixed(1)} KB on the wire (budget ≤ 150 KB gzip)`);
console.log(`first contentful paint of /login: median ${median(logins.map((l) => l.fcp)).toFixed(0)} ms of 5 (floor, static page: ${median(floors.map((f) => f.fcp)).toFixed(0)} ms; budget ≤ 400 ms)`);
console.log(`sign-in form on screen (password field laid out, next frame, in the page): median ${median(logins.map((l) => l.ready)).toFixed(0)} ms of 5 (budget ≤ 450 ms; as the harness sees it, with its polling: ${median(logins.map((l) => l.seen)).toFixed(0)} ms)`);
console.log(`npm start to healthy, built, embedded database: median ${(median(startTimes) / 1000).toFixed(2)} s of 3 (floor, bare Fastify: ${(median(floorTimes) / 1000).toFixed(2)} s; budget ≤ 5 s)`);
process.exit(0);
