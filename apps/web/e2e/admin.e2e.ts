import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fillSignIn, launchBrowser, openPage, pathOf, signIn } from './helpers';

const DRAWER = 'nav[aria-label="Side navigation"]';
const BOTTOM_BAR = 'nav[aria-label="Bottom navigation"]';

/** A toast (snackbar alert) with this text. */
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

describe('administration', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('hires a therapist with a login at a new location; they choose their own password, then see the staff menus', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const branch = `Marikina Riverbanks ${stamp}`;
    const username = `rowena.e2e${stamp}`;
    const password = 'serene lotus by the river';

    // The admin opens a new branch…
    const admin = await openPage(browser, 1280);
    await signIn(admin.page, 'admin');
    await admin.page.locator(DRAWER).getByRole('link', { name: 'Locations' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await admin.page.getByRole('button', { name: 'New location' }).click();
    const locationDialog = admin.page.getByRole('dialog', { name: 'New location' });
    await locationDialog.getByRole('textbox', { name: 'Name' }).fill(branch);
    await locationDialog
      .getByRole('textbox', { name: 'Address', exact: true })
      .fill('Riverbanks Center, Barangka, Marikina City');
    await locationDialog.getByRole('textbox', { name: 'Phone' }).fill('(02) 8941 2020');
    await locationDialog.getByRole('combobox', { name: /^Opens/ }).click();
    await admin.page.getByRole('option', { name: '11:00' }).click();
    await locationDialog.getByRole('combobox', { name: /^Closes/ }).click();
    await admin.page.getByRole('option', { name: '21:30' }).click();
    await locationDialog.getByRole('button', { name: 'Add location' }).click();
    await toast(admin.page, `${branch} added.`).waitFor();
    await admin.page.getByRole('searchbox', { name: 'Search locations' }).fill(stamp);
    const row = admin.page
      .getByRole('row')
      .filter({ has: admin.page.getByRole('gridcell', { name: branch, exact: true }) });
    await row.getByRole('gridcell', { name: '+63 2 8941 2020', exact: true }).waitFor();
    await row.getByRole('gridcell', { name: '11:00–21:30', exact: true }).waitFor();

    // …and hires a therapist there, creating their login in the same step.
    await admin.page.locator(DRAWER).getByRole('link', { name: 'Employees' }).click();
    await admin.page.getByRole('tab', { name: 'Therapists' }).click();
    await admin.page.waitForURL('**/admin/employees?tab=therapists');
    await admin.page.getByRole('button', { name: 'Hire a therapist' }).click();
    const hireDialog = admin.page.getByRole('dialog', { name: 'Hire a therapist' });
    await hireDialog.getByRole('textbox', { name: 'First name' }).fill('Rowena');
    await hireDialog.getByRole('textbox', { name: 'Last name' }).fill('Pascual');
    await hireDialog.getByRole('combobox', { name: /^Location/ }).click();
    await admin.page.getByRole('option', { name: branch }).click();
    await hireDialog.getByRole('textbox', { name: 'Mobile number' }).fill('0917 555 0101');
    assert.equal(await hireDialog.getByRole('textbox', { name: 'Username' }).inputValue(), 'rowena.pascual');
    await hireDialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await hireDialog.getByLabel(/^Password/).fill(password);
    await hireDialog.getByRole('button', { name: 'Hire', exact: true }).click();
    await toast(
      admin.page,
      new RegExp(
        `Rowena Pascual hired as therapist \\(TH-\\d{4}\\)\\. They sign in as ${username.replace('.', '\\.')}\\.`,
      ),
    ).waitFor();
    await hireDialog.waitFor({ state: 'hidden' });
    await admin.page.getByRole('searchbox', { name: 'Search therapists' }).fill(username);
    await admin.page.getByRole('gridcell', { name: branch, exact: true }).waitFor();
    assert.deepEqual(admin.errors, []);
    await admin.context.close();

    // The new therapist signs in with the Admin's password and is asked for their own first
    // (decision 0017): only that screen, with Sign out, until it is chosen; then the dashboard.
    const own = 'my own jasmine morning';
    const first = await openPage(browser, 390, 844);
    await first.page.goto('/login');
    await fillSignIn(first.page, username, password);
    await first.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    assert.equal(await first.page.locator(BOTTOM_BAR).count(), 0);
    assert.equal(await first.page.getByRole('button', { name: 'Sign out' }).isVisible(), true);
    const refused = await first.page.evaluate(async () => (await fetch('/api/clients/')).status);
    assert.equal(refused, 403);
    await first.page.getByLabel('Password you were given').fill(password);
    await first.page.getByLabel(/^New password/).fill(password);
    await first.page.getByRole('button', { name: 'Save and continue' }).click();
    await first.page.getByText('Choose a password different from the current one.').waitFor();
    await first.page.getByLabel(/^New password/).fill(own);
    await first.page.getByRole('button', { name: 'Save and continue' }).click();
    await first.page.waitForURL('**/dashboard');
    await first.page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Rowena/ }).waitFor();
    assert.deepEqual(first.errors, []);
    await first.context.close();

    // Signing in again with their own password, they get the staff menus, not the admin ones.
    for (const width of [1280, 390]) {
      const staff = await openPage(browser, width, 844);
      await staff.page.goto('/login');
      await fillSignIn(staff.page, username, own);
      await staff.page.waitForURL('**/dashboard');
      await staff.page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Rowena/ }).waitFor();
      if (width > 600) {
        const drawer = staff.page.locator(DRAWER);
        const links = await drawer.getByRole('link').allTextContents();
        // Main items, then the profile entry (name and first group as the role); no Admin section.
        assert.deepEqual(links.slice(0, 4), ['Dashboard', 'Clients', 'Floor', 'Notifications']);
        assert.equal(links.length, 5);
        assert.match(links[4] ?? '', /Rowena Pascual\s*Therapist$/);
        assert.equal(await staff.page.getByRole('list', { name: 'Admin' }).count(), 0);
      } else {
        const items = staff.page.locator(BOTTOM_BAR).getByRole('link');
        assert.deepEqual(
          (await items.allTextContents()).map((t) => t.replace(/\d+/g, '').trim()),
          ['Dashboard', 'Clients', 'Floor', 'Notifications'],
        );
      }
      await staff.page.goto('/admin/employees');
      await staff.page.waitForURL('**/dashboard');
      assert.equal(pathOf(staff.page), '/dashboard');
      // The server agrees: the therapist record is theirs, and staff writes are refused.
      const me = await staff.page.evaluate(async () => (await fetch('/api/users/my_data/')).json());
      assert.deepEqual(me.groups, ['Therapist']);
      const mine = await staff.page.evaluate(
        async (id: number) => (await fetch(`/api/therapists/by-user/${id}/`)).json(),
        me.id,
      );
      assert.equal(mine.location_name, branch);
      assert.deepEqual(staff.errors, []);
      await staff.context.close();
    }
  });

  it('every administration list shows its row actions at 1280 px without scrolling sideways', async () => {
    const admin = await openPage(browser, 1280);
    await signIn(admin.page, 'admin');
    for (const path of ['/admin/users', '/admin/employees', '/admin/clients', '/admin/locations', '/admin/banks']) {
      await admin.page.goto(path);
      const grid = admin.page.getByRole('grid');
      await grid
        .getByRole('button', { name: /^Delete / })
        .first()
        .waitFor();
      const gridBox = (await grid.boundingBox())!;
      const header = (await grid.getByRole('columnheader', { name: 'Actions' }).boundingBox())!;
      // The Actions column (Edit, …, Delete) ends inside the list, not beyond its right edge.
      assert.ok(header.x + header.width <= gridBox.x + gridBox.width, `${path}: the Actions column is cut off`);
    }
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });
});
