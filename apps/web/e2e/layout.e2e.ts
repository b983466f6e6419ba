import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_ENTRIES_ALL_FLAGS } from '../src/test/admin-nav';
import { boxOf, launchBrowser, openPage, pathOf, signIn } from './helpers';

const DRAWER = 'nav[aria-label="Side navigation"]';
const BOTTOM_BAR = 'nav[aria-label="Bottom navigation"]';

describe('layout and navigation', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('shows admins a 220 px drawer with the Admin section at 1280 px', async () => {
    const { page, context, errors } = await openPage(browser, 1280);
    await signIn(page, 'admin');
    assert.equal((await boxOf(page, DRAWER)).width, 220);
    assert.equal(await page.locator(BOTTOM_BAR).isVisible(), false);
    const admin = page.getByRole('list', { name: 'Admin' });
    const entries = await admin.getByRole('link').allTextContents();
    // The default build with the demo database, which switches every flag on in its stored settings.
    assert.deepEqual(entries, ADMIN_ENTRIES_ALL_FLAGS);
    await admin.getByRole('link', { name: 'Locations' }).click();
    await page.waitForURL('**/admin/locations');
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('narrows the drawer to 72 px of icons at 800 px', async () => {
    const { page, context } = await openPage(browser, 800);
    await signIn(page, 'admin');
    assert.equal((await boxOf(page, DRAWER)).width, 72);
    const drawer = page.locator(DRAWER);
    assert.equal(await drawer.getByText('Employees').count(), 0);
    await drawer.getByRole('link', { name: 'Employees' }).waitFor();
    await context.close();
  });

  it('uses a 56 px bottom bar instead of the drawer at 390 px', async () => {
    const { page, context, errors } = await openPage(browser, 390, 844);
    await signIn(page, 'admin');
    assert.equal(await page.locator(DRAWER).isVisible(), false);
    const bar = await boxOf(page, BOTTOM_BAR);
    assert.equal(bar.height, 56);
    assert.equal(Math.round(bar.y + bar.height), 844);
    const items = page.locator(BOTTOM_BAR).getByRole('link');
    assert.deepEqual(
      (await items.allTextContents()).map((t) => t.replace(/\d+/g, '').trim()),
      ['Dashboard', 'Clients', 'Floor', 'Admin', 'Notifications'],
    );
    await page.locator(BOTTOM_BAR).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin/menu');
    await page.getByRole('list', { name: 'Admin menu' }).waitFor();
    await page
      .locator(BOTTOM_BAR)
      .getByRole('button', { name: /Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page
      .locator(BOTTOM_BAR)
      .getByRole('button', { name: /Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps a therapist out of /admin/* and shows no Admin section', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width, 844);
      await signIn(page, 'therapist');
      const nav = page.locator(width > 600 ? DRAWER : BOTTOM_BAR);
      assert.equal(await nav.getByRole('link', { name: 'Admin' }).count(), 0);
      assert.equal(await page.getByRole('list', { name: 'Admin' }).count(), 0);
      await page.goto('/admin/menu');
      await page.waitForURL('**/dashboard');
      await page.goto('/admin/employees');
      await page.waitForURL('**/dashboard');
      assert.equal(pathOf(page), '/dashboard');
      await context.close();
    }
  });

  it('opens every signed-in route at desktop and phone widths without errors', async () => {
    const routes: [string, RegExp | string][] = [
      ['/', /^Good (morning|afternoon|evening), /],
      ['/notifications', 'Notifications'],
      ['/profile', 'Profile'],
      ['/admin/menu', 'Admin'],
      ['/admin', 'Admin'],
      ['/admin/dashboard', 'Admin dashboard'],
      ['/clients/999999', 'Client not found'],
      ['/somewhere/else', /^Good (morning|afternoon|evening), /],
    ];
    for (const width of [1280, 390]) {
      const { page, context, errors } = await openPage(browser, width, 844);
      await signIn(page, 'admin');
      for (const [path, heading] of routes) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
