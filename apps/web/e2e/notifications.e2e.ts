import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, adminApiHeaders, launchBrowser, openPage, signIn } from './helpers';

/** Signs in as admin over HTTP and sends an announcement, as another person would. */
const announce = async (payload: Record<string, unknown>) => {
  const res = await fetch(`${BASE_URL}/api/notifications/`, {
    method: 'POST',
    headers: await adminApiHeaders(),
    body: JSON.stringify(payload),
  });
  assert.equal(res.status, 201, await res.text());
};

describe('live notifications', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('an announcement appears in two tabs of one person; read in one shows read in the other', async () => {
    const { page: first, context, errors } = await openPage(browser);
    await signIn(first, 'therapist');
    const second = await context.newPage();
    await first.goto('/notifications');
    await second.goto('/notifications');
    for (const page of [first, second]) await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    const title = `Towels restocked ${Date.now()}`;
    await announce({ title, message: 'Fresh towels are in the Makati storeroom.', groups: ['Therapist'] });

    for (const page of [first, second]) {
      await page.getByLabel(`Unread: ${title}`).waitFor();
      // A toast for the new one, too.
      await page.getByRole('alert').filter({ hasText: title }).waitFor();
    }
    await first.getByLabel(`Unread: ${title}`).getByRole('button', { name: 'Mark as read' }).click();
    await second.getByLabel(title, { exact: true }).waitFor();
    assert.equal(await second.getByLabel(`Unread: ${title}`).count(), 0);

    // Removing in the second tab removes it from the first.
    await second.getByLabel(title, { exact: true }).getByRole('button', { name: 'Remove' }).click();
    await first.getByLabel(title, { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
