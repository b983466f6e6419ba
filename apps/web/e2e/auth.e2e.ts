import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { fillSignIn, launchBrowser, openPage, pathOf, signIn } from './helpers';

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
