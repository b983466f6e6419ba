import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { fillSignIn, launchBrowser, openPage, openPhone, pathOf, signIn } from './helpers';

describe('signing in and out', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('img', { name: 'Ginhawa logo' }).waitFor();
    await fillSignIn(page, 'admin', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'Invalid username or password.');
    assert.equal(pathOf(page), '/login');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('signs in to the dashboard with name and role', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'manager');
    assert.equal(pathOf(page), '/dashboard');
    assert.equal(await page.getByText('Manager', { exact: true }).first().isVisible(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sends a signed-out visit to /login and back to the wanted page after signing in', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');
    await fillSignIn(page, 'therapist');
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    assert.equal(pathOf(page), '/profile');
    await context.close();
  });

  it('opens a signed-in /floor with the profile and the panel asked for by the page itself, once', async () => {
    const { page, context, errors } = await openPhone(browser);
    await signIn(page, 'receptionist');
    const profileReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/my_data/') profileReads.push(request.url());
    });
    await page.goto('/floor');
    await page.getByRole('button', { name: 'New reservation' }).waitFor();
    // The head starts the profile read and the panel's code (decision 1088); the app's own read of
    // the profile takes that answer rather than asking again.
    const head = await page.evaluate(() => ({
      // The fonts' sheet is inlined; its link stays for no media, so no screen waits for it (decision 1090).
      sheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('media')),
      profile: document.querySelectorAll('link[rel="preload"][as="fetch"][href="/api/users/my_data/"]').length,
      panel: [...document.querySelectorAll('link[rel="modulepreload"][data-signed-in]')].map((l) =>
        (l.getAttribute('href') ?? '').replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''),
      ),
    }));
    assert.deepEqual(head.sheets, ['not all']);
    assert.equal(head.profile, 1);
    assert.ok(head.panel.includes('signed-in-app') && head.panel.includes('app-layout'), head.panel.join(', '));
    assert.equal(profileReads.length, 1, profileReads.join(', '));
    assert.deepEqual(errors, []);
    // The signed-out page draws the form and holds the panel's code back until the person types
    // (decision 1089), then asks for it from its head.
    const { page: signedOut, context: fresh } = await openPhone(browser);
    await signedOut.goto('/login');
    await signedOut.locator('input[name="password"]').waitFor();
    assert.equal(await signedOut.locator('link[data-signed-in]').count(), 0);
    await signedOut.locator('input[name="username"]').pressSequentially('rec');
    await signedOut.waitForFunction(() => document.head.querySelectorAll('link[data-signed-in]').length > 0);
    await fresh.close();
    await context.close();
  });

  it("ships the contract's field messages in the house words, and not the schemas only the server reads", async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'receptionist');
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
        (e) => e.getAttribute('src') ?? e.getAttribute('href') ?? '',
      ),
    );
    const code = (await Promise.all(scripts.map(async (src) => (await context.request.get(src)).text()))).join('\n');
    assert.ok(scripts.length > 5, scripts.join(', '));
    // zod's own wording replaced (contract/zod-config.ts): the web sets it itself (decision 1091).
    assert.ok(code.includes('This field may not be null.'));
    // The attendance export's query is the server's alone: the panel neither ships nor builds it.
    assert.ok(!code.includes('Choose cutoff 0, 1 or 2.'));
    await context.close();
  });

  it('logs out to /login and ends the session', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'receptionist');
    await page.getByRole('navigation', { name: 'Side navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(pathOf(page), '/login');
    const cookies = await context.cookies();
    assert.equal(
      cookies.find((c) => c.name === 'sessionid'),
      undefined,
    );
    await page.goto('/dashboard');
    await page.waitForURL('**/login?next=%2Fdashboard');
    await context.close();
  });
});
